#include "probes/profile_recording.h"

#include <fmt/format.h>
#include <unistd.h>

#include <charconv>
#include <set>

#include "input/files.h"
#include "sys/perf_event.h"
#include "sys/proc_files.h"

namespace schedlab {
namespace {

constexpr int kDrainPeriodMs = 100;
constexpr std::size_t kMaxRingPages = 128;  // 512 KiB with 4 KiB pages, perf record's default
constexpr std::uint16_t kMaxStack = 64;     // frames per chain: kernel and user together
constexpr std::size_t kSpareFds = 256;      // for everything else the run opens

std::size_t ring_pages() {
  const auto kb = input::read_system_line("/proc/sys/kernel/perf_event_mlock_kb");
  std::uint64_t mlock_kb = 516;  // the kernel's default
  if (kb) std::from_chars(kb->data(), kb->data() + kb->size(), mlock_kb);
  return sys::ring_data_pages(mlock_kb, static_cast<std::size_t>(sysconf(_SC_PAGESIZE)), kMaxRingPages);
}

}  // namespace

bool seed_from_proc(pid_t pid, profile::AddressSpaces& spaces) {
  const auto maps = input::read_system_file(fmt::format("/proc/{}/maps", pid));
  const auto comm = input::read_system_line(fmt::format("/proc/{}/comm", pid));
  if (!maps || !comm) return false;
  spaces.seed(pid, *comm, *maps);
  return true;
}

std::string ProfileRecording::open(const ProfileSettings& s) {
  const std::size_t needed = s.tasks.size() * s.cpus.size() + kSpareFds;
  if (const auto limit = sys::ensure_fd_limit(needed); limit < needed)
    return fmt::format("{} tasks on {} CPUs need {} sampling descriptors; RLIMIT_NOFILE allows {} (raise "
                       "the hard limit: ulimit -Hn)", s.tasks.size(), s.cpus.size(), needed - kSpareFds, limit);
  const sys::SamplingConfig config{s.frequency_hz, kMaxStack, ring_pages()};
  if (const int err = sampler_.open(s.tasks, s.cpus, config); err != 0)
    return sys::describe_perf_refusal(err, "sampling of the copies");
  ring_bytes_ = config.ring_pages * static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  profile::AddressSpaces spaces;
  std::set<pid_t> seeded;
  for (pid_t tid : s.tasks)
    if (const auto tgid = sys::tgid_of(tid); tgid && seeded.insert(*tgid).second) seed_from_proc(*tgid, spaces);
  collector_.emplace(std::move(spaces), seed_from_proc);
  drain_ = std::jthread([this](const std::stop_token& stop) {
    while (!stop.stop_requested()) {
      sampler_.wait(kDrainPeriodMs);
      drain_pass();
    }
  });
  return "";
}

void ProfileRecording::drain_pass() {
  sampler_.drain([this](std::size_t, std::span<const std::byte> bytes) {
    if (auto record = profile::decode_record(bytes)) collector_->add(std::move(*record));
  });
  collector_->end_pass();
}

const profile::SampleCollector& ProfileRecording::collect() {
  if (drain_.joinable()) {
    drain_ = std::jthread();  // request stop and join
    drain_pass();
  }
  return *collector_;
}

void ProfileRecording::close() noexcept {
  drain_ = std::jthread();
  sampler_.close();
  collector_.reset();
  ring_bytes_ = 0;
}

}  // namespace schedlab
