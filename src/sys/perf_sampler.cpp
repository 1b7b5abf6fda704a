#include "sys/perf_sampler.h"

#include <poll.h>
#include <sched.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <ctime>

namespace schedlab::sys {
namespace {

// The side-band records (mmap, comm with its exec flag, fork and exit) say
// which program a user address belongs to; with sample_id_all they carry
// the same pid, tid and time as samples, so that one clock orders the
// records of every ring.  CLOCK_MONOTONIC rather than perf's local clock:
// it is the same on every CPU.  The ring wakes its reader when half full.
perf_event_attr sampling_attr(const SamplingConfig& config, SampleClock clock) {
  perf_event_attr attr{};
  attr.size = sizeof attr;
  attr.type = clock == SampleClock::kCycles ? PERF_TYPE_HARDWARE : PERF_TYPE_SOFTWARE;
  attr.config = clock == SampleClock::kCycles ? std::uint64_t{PERF_COUNT_HW_CPU_CYCLES}
                                              : std::uint64_t{PERF_COUNT_SW_CPU_CLOCK};
  attr.freq = 1;
  attr.sample_freq = config.frequency_hz;
  attr.sample_type = kSampleTypeBits;
  attr.sample_max_stack = config.max_stack;
  attr.disabled = 1;
  attr.inherit = 1;
  attr.exclude_hv = 1;
  attr.mmap = 1;
  attr.comm = 1;
  attr.comm_exec = 1;
  attr.task = 1;
  attr.sample_id_all = 1;
  attr.use_clockid = 1;
  attr.clockid = CLOCK_MONOTONIC;
  attr.watermark = 1;
  attr.wakeup_watermark = static_cast<std::uint32_t>(config.ring_pages * static_cast<std::size_t>(sysconf(_SC_PAGESIZE)) / 2);
  return attr;
}

int open_event(perf_event_attr& attr, pid_t tid, int cpu) {
  return static_cast<int>(syscall(SYS_perf_event_open, &attr, tid, cpu, -1, PERF_FLAG_FD_CLOEXEC));
}

// What perf_event_open says of a hardware event on a machine without a PMU
// (or one a hypervisor hides): the event does not exist here.
bool no_cycle_counter(int err) { return err == ENOENT || err == EOPNOTSUPP || err == ENODEV; }

}  // namespace

const char* clock_name(SampleClock clock) { return clock == SampleClock::kCycles ? "cycles" : "cpu-clock"; }

int PerfSampler::open(const std::vector<pid_t>& tids, const std::vector<int>& cpus,
                      const SamplingConfig& config) {
  const int err = open_on(SampleClock::kCycles, tids, cpus, config);
  if (!no_cycle_counter(err)) return err;
  return open_on(SampleClock::kCpuClock, tids, cpus, config);
}

int PerfSampler::open_on(SampleClock clock, const std::vector<pid_t>& tids, const std::vector<int>& cpus,
                         const SamplingConfig& config) {
  close();
  clock_ = clock;
  perf_event_attr attr = sampling_attr(config, clock);
  for (int cpu : cpus) {
    int ring_fd = -1;
    for (pid_t tid : tids) {
      const int fd = open_event(attr, tid, cpu);
      if (fd < 0) {
        if (errno == ESRCH) continue;  // the task exited meanwhile: nothing to sample
        const int err = errno;
        close();
        return err;
      }
      events_.emplace_back(fd);
      int err = 0;
      if (ring_fd < 0) {
        PerfRing ring;
        err = ring.map(fd, config.ring_pages);
        if (err == 0) rings_.push_back(std::move(ring));
        ring_fd = fd;
      } else if (ioctl(fd, PERF_EVENT_IOC_SET_OUTPUT, ring_fd) != 0) {
        err = errno;
      }
      if (err != 0) {
        close();
        return err;
      }
    }
  }
  return 0;
}

void PerfSampler::enable() noexcept {
  for (const auto& fd : events_) ioctl(fd.get(), PERF_EVENT_IOC_ENABLE, 0);
}

void PerfSampler::disable() noexcept {
  for (const auto& fd : events_) ioctl(fd.get(), PERF_EVENT_IOC_DISABLE, 0);
}

bool PerfSampler::wait(int timeout_ms) const {
  std::vector<pollfd> fds;
  for (const auto& ring : rings_) fds.push_back({ring.fd(), POLLIN, 0});
  if (fds.empty()) return false;
  if (poll(fds.data(), fds.size(), timeout_ms) <= 0) return false;
  for (const auto& p : fds)
    if (p.revents & POLLIN) return true;
  // Only POLLHUP: the task an event follows has exited, which poll reports
  // at once from then on; wait out the timeout rather than spin.
  timespec pause{timeout_ms / 1000, static_cast<long>(timeout_ms % 1000) * 1'000'000};
  nanosleep(&pause, nullptr);
  return false;
}

std::size_t PerfSampler::drain(
    const std::function<void(std::size_t ring, std::span<const std::byte>)>& record) {
  std::size_t n = 0;
  for (std::size_t i = 0; i < rings_.size(); ++i)
    n += rings_[i].drain([&](std::span<const std::byte> bytes) { record(i, bytes); });
  return n;
}

void PerfSampler::close() noexcept {
  rings_.clear();  // unmapped before their events are closed
  events_.clear();
}

int probe_sampling() {
  SamplingConfig config{100, 8, 1};
  perf_event_attr attr = sampling_attr(config, SampleClock::kCpuClock);
  const int cpu = sched_getcpu();
  const int fd = open_event(attr, 0, cpu < 0 ? 0 : cpu);
  if (fd < 0) return errno;
  UniqueFd owned(fd);
  PerfRing ring;
  return ring.map(fd, config.ring_pages);
}

}  // namespace schedlab::sys
