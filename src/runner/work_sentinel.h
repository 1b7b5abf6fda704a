#pragma once
// The work-shaped sentinel: a reference that slows down when the machine's
// state slows down the kind of work schedlab measures.
//
// The first sentinel (runner/sentinel.h) is a dependent ALU loop; on the
// development VM it stays put while a shell loop and a memory walk take 40%
// longer for minutes at a time (docs/statistics.md, "A sentinel shaped like
// the work").  What moves with those states is memory latency and branchy,
// indirect-dispatch code — what a shell, a fork/exec path or an interpreter
// runs.  So this reference does exactly those two things:
// - a dependent pointer chase through a buffer larger than the last-level
//   cache (a random cyclic permutation of cache-line nodes, built once per
//   process with a fixed seed: every load misses the caches and most miss
//   the TLB, as a cold fork/exec path does);
// - a tiny bytecode interpreter (switch dispatch, data-dependent branches:
//   Collatz steps) — the front end's indirect-branch and branch-prediction
//   work of a shell interpreting `i=$((i+1))`.
// Each is timed by the CPU time of the thread that runs it, so that another
// process sharing the CPU does not read as a slow machine (foreign_cpu_pct
// says that); its wall time is returned too, for the bench that chose it.
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace schedlab {

struct WorkTiming {
  double cpu_s = 0;   // CPU time of the thread that did the work
  double wall_s = 0;  // wall-clock time around it
};

// The fixed pieces of work, for the bench that measures which one tracks a
// workload (bench/sentinel_shape.cpp) and for work_sentinel_rate.
namespace work_sentinel {

// Bytes of the chase buffer: larger than any last-level cache this tool
// meets on a VM (32 MB on the development machine's EPYC), so that the
// chase measures memory, not cache.
inline constexpr std::size_t kBufferBytes = std::size_t{64} << 20;

// `steps` dependent loads through the buffer (allocated and permuted on
// the first call in the process: 64 MB, a few tens of milliseconds).
WorkTiming memory_chase(std::size_t steps);
// `steps` bytecode instructions of the interpreter.
WorkTiming interpret(std::size_t steps);

}  // namespace work_sentinel

// The sentinel's rate: fixed work (kChaseSteps loads and kInterpreterSteps
// instructions, ~20 ms together on the development VM) per CPU second,
// as work units per second (1 unit = the whole fixed work, so a rate of 50
// means it took 20 ms).  Run once on the calling thread, which must already
// be placed on the run's CPUs; 0 when no CPU time could be measured.
double work_sentinel_rate();

}  // namespace schedlab
