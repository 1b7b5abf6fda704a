#include "probes/bpf_offcpu.h"

#include <fmt/format.h>

#include <algorithm>
#include <string_view>

namespace schedlab {
namespace {

std::string frame_name(std::uint64_t address, const profile::KernelSymbols& symbols) {
  if (const auto name = symbols.name_at(address)) return std::string(*name);
  return fmt::format("{:#x}", address);
}

// The stack map's stacks begin in the program and the kernel's code that
// ran it (bpf_prog_..._sl_switch, bpf_trace_run4, __bpf_trace_sched_switch
// on older kernels): not where the task blocked.
bool is_bpf_machinery(std::string_view name) { return name.starts_with("bpf_") || name.starts_with("__bpf_"); }

ordered_json named_frames(const std::vector<std::uint64_t>& addresses, const profile::KernelSymbols& symbols) {
  ordered_json frames = ordered_json::array();
  for (auto address : addresses) {
    auto name = frame_name(address, symbols);
    if (frames.empty() && is_bpf_machinery(name)) continue;
    frames.push_back(std::move(name));
  }
  return frames;
}

}  // namespace

ordered_json offcpu_record(std::vector<BpfOffCpuStack> stacks, const profile::KernelSymbols& symbols,
                           std::size_t top) {
  const auto most = [](const BpfOffCpuStack& a, const BpfOffCpuStack& b) {
    return a.total_ns != b.total_ns ? a.total_ns > b.total_ns : a.count > b.count;
  };
  const auto kept = std::min(top, stacks.size());
  std::partial_sort(stacks.begin(), stacks.begin() + static_cast<std::ptrdiff_t>(kept), stacks.end(), most);
  ordered_json out = ordered_json::array();
  for (std::size_t i = 0; i < kept; ++i)
    out.push_back({{"total_ns", stacks[i].total_ns},
                   {"count", stacks[i].count},
                   {"frames", named_frames(stacks[i].frames, symbols)}});
  return out;
}

}  // namespace schedlab
