#pragma once
#include <chrono>
#include <vector>

namespace schedlab {

// The machine-speed sentinel: a fixed user-space loop (dependent integer
// arithmetic, no memory traffic, no system calls) run for `duration` on
// every CPU of `cpus` at once, one pinned thread each, just before and just
// after a measurement window.  Its rate (iterations per second of the CPU
// time it got, the median over the CPUs) moves with the CPUs' speed state
// (frequency, a slower host) and with nothing the kernel under test does,
// so a difference in it between two sets is the machine, not the kernel.
// Measured against CPU time, not wall time, so that another process
// sharing the CPU does not read as a slow machine (foreign_cpu_pct says
// that; cpu_steal_pct says what a hypervisor took).
double sentinel_rate(const std::vector<int>& cpus, std::chrono::nanoseconds duration);

// How long the sentinel runs for a window: a few milliseconds, at most 1%
// of the window for both measurements together.
std::chrono::nanoseconds sentinel_duration(std::chrono::nanoseconds window);

}  // namespace schedlab
