#include "probes/bpf_libbpf.h"

#include <bpf/libbpf.h>
#include <fmt/format.h>

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <charconv>
#include <filesystem>
#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <mutex>

#include "input/files.h"
#include "probes/bpf/lifecycle.h"
#include "sys/proc_files.h"

namespace schedlab {
namespace {

// libbpf reports through one process-wide callback; the last warning is
// kept for the caller's message instead of being printed on stderr.
std::mutex libbpf_message_lock;
std::string libbpf_message;

__attribute__((format(printf, 2, 0))) int keep_libbpf_message(libbpf_print_level level, const char* format,
                                                               va_list args) {
  if (level == LIBBPF_DEBUG) return 0;
  char line[512];
  const int n = std::vsnprintf(line, sizeof line, format, args);
  std::string text(line, n > 0 ? std::min<std::size_t>(static_cast<std::size_t>(n), sizeof line - 1) : 0);
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
  if (text.rfind("libbpf: ", 0) == 0) text.erase(0, 8);  // the caller's message names libbpf
  const std::lock_guard lock(libbpf_message_lock);
  if (!text.empty()) libbpf_message = text;
  return 0;
}

constexpr const char* kBtfPath = "/sys/kernel/btf/vmlinux";
constexpr int kCapPerfmon = 38, kCapBpf = 39;  // linux/capability.h, Linux 5.8+

// Whether this process holds capability `cap` (CapEff of /proc/self/status).
bool has_capability(int cap) {
  const auto status = input::read_system_file("/proc/self/status");
  const auto field = status ? sys::status_field(*status, "CapEff") : std::nullopt;
  std::uint64_t mask = 0;
  if (!field || std::from_chars(field->data(), field->data() + field->size(), mask, 16).ec != std::errc())
    return false;
  return (mask >> cap) & 1u;
}

}  // namespace

std::string bpf_tracing_unavailable() {
  std::error_code ec;
  if (!std::filesystem::exists(kBtfPath, ec))
    return fmt::format("the kernel has no BTF ({} is missing: CONFIG_DEBUG_INFO_BTF off), which the program's "
                       "CO-RE relocations need", kBtfPath);
  if (geteuid() != 0 && !(has_capability(kCapBpf) && has_capability(kCapPerfmon)))
    return "loading a tracing BPF program needs root, or CAP_BPF and CAP_PERFMON";
  return "";
}

void listen_to_libbpf() {
  static std::once_flag once;
  std::call_once(once, [] { libbpf_set_print(keep_libbpf_message); });
  const std::lock_guard lock(libbpf_message_lock);
  libbpf_message.clear();
}

std::string libbpf_refusal(const char* step, int err) {
  err = err < 0 ? -err : err;
  const std::lock_guard lock(libbpf_message_lock);
  return fmt::format("{} the BPF program failed: {} (errno {}){}", step, std::strerror(err), err,
                     libbpf_message.empty() ? "" : "; libbpf: " + libbpf_message);
}

std::optional<std::vector<std::uint64_t>> sum_per_cpu(const bpf_map* map, std::uint32_t key, std::size_t count) {
  const int cpus = libbpf_num_possible_cpus();
  if (cpus <= 0) return std::nullopt;
  std::vector<std::uint64_t> all(count * static_cast<std::size_t>(cpus));
  if (bpf_map__lookup_elem(map, &key, sizeof key, all.data(), all.size() * sizeof(std::uint64_t), 0) != 0)
    return std::nullopt;
  std::vector<std::uint64_t> sum(count);
  for (std::size_t i = 0; i < all.size(); ++i) sum[i % count] += all[i];
  return sum;
}

std::optional<std::vector<std::vector<std::uint64_t>>> read_histograms(const bpf_map* map, std::uint32_t n) {
  std::vector<std::vector<std::uint64_t>> out;
  for (std::uint32_t key = 0; key < n; ++key) {
    auto counts = sum_per_cpu(map, key, SL_BUCKETS);
    if (!counts) return std::nullopt;
    out.push_back(std::move(*counts));
  }
  return out;
}

void store_window_flag(std::uint32_t& flag, bool open) noexcept {
  std::atomic_ref<std::uint32_t>(flag).store(open ? 1 : 0, std::memory_order_release);
}

}  // namespace schedlab
