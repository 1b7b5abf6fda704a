#pragma once
// The bpf probe's off-CPU stacks once they are out of the kernel: the
// stacks the workload's tasks spent the most time blocked in, their
// frames named from kallsyms, as the run's details record them
// (details.bpf.offcpu).  What the kernel side aggregates is in
// probes/bpf/lifecycle.bpf.c (the sched_switch handler).
#include <cstddef>
#include <vector>

#include "core/result.h"
#include "probes/bpf_program.h"
#include "profile/kernel_symbols.h"

namespace schedlab {

// How many stacks a run records: the ones with the most off-CPU time.
inline constexpr std::size_t kOffCpuStacksRecorded = 20;

// [{"total_ns", "count", "frames": [leaf first]}, ...]: the `top` stacks
// with the most off-CPU time (ties: the most intervals first), each frame
// the kernel function it is in ("pipe_read"), or its address ("0x...")
// when `symbols` cannot name it (empty: kallsyms hidden); the leading
// frames of the BPF program and its caller are left out.
ordered_json offcpu_record(std::vector<BpfOffCpuStack> stacks, const profile::KernelSymbols& symbols,
                           std::size_t top = kOffCpuStacksRecorded);

}  // namespace schedlab
