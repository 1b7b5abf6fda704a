#pragma once
// The lifecycle BPF program (probes/bpf/lifecycle.bpf.c) of one run, as
// one owned object: open() loads it from the skeleton embedded in the
// binary, seeds its filter and attaches its tracepoints; the window flag
// is flipped at the window's edges; read() copies the maps out once;
// close() (and the destructor) detaches and closes every link, program
// and map descriptor, so nothing of it outlives the run.  libbpf's own
// messages are kept, not printed: the last one explains a refusal.
#include <sys/types.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "probes/bpf/lifecycle.h"

struct sl_lifecycle;

namespace schedlab {

// Whom the program counts: the tasks of one v2 cgroup, or the processes
// of the copies' trees and their descendants.
struct BpfFilter {
  std::uint64_t cgroup_id = 0;  // 0: the process tree
  std::vector<pid_t> tgids;     // the tree's processes when attached
};

// What the program records besides the histograms and counts.
struct BpfRecording {
  bool offcpu_stacks = false;  // where the tasks block, by kernel stack (bpf-offcpu)
};

// Off-CPU time of one kernel stack, summed over the CPUs.
struct BpfOffCpuStack {
  std::uint64_t total_ns = 0;
  std::uint64_t count = 0;
  std::vector<std::uint64_t> frames;  // return addresses, leaf (where it blocked) first
};

// What the maps held after the run, summed over the CPUs.
struct BpfReading {
  std::array<std::vector<std::uint64_t>, SL_HISTOGRAMS> histograms;  // SL_BUCKETS counts each
  sl_counters counters{};
  std::vector<pid_t> tasks_left;     // the first tasks still followed (not freed yet)
  std::size_t tasks_left_total = 0;  // and how many there are
  std::vector<BpfOffCpuStack> offcpu;  // every stack the workload blocked in, in no order
};

class LifecycleProgram {
 public:
  LifecycleProgram() = default;
  ~LifecycleProgram() { close(); }
  LifecycleProgram(const LifecycleProgram&) = delete;
  LifecycleProgram& operator=(const LifecycleProgram&) = delete;

  // "" or why not, in one line with libbpf's reason; closed on failure.
  std::string open(const BpfFilter& filter, const BpfRecording& recording);
  // Opens or closes the window the program counts in (a store to a
  // memory-mapped global: no system call).
  void set_window(bool open) noexcept;
  // The maps' content, or nullopt when one could not be read.
  std::optional<BpfReading> read() const;
  void close() noexcept;

 private:
  std::string load_and_attach(const BpfFilter& filter, const BpfRecording& recording);
  std::string seed(const std::vector<pid_t>& tgids);
  sl_lifecycle* skeleton_ = nullptr;
};

}  // namespace schedlab
