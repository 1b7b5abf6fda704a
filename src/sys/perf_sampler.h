#pragma once
// CPU-clock sampling of a set of task trees with call chains: the raw side
// of the `profile` probe.  Events are perf software CPU-clock events in
// frequency mode, one per (task, CPU), each with `inherit`, so that every
// task the sampled tasks fork or clone later is sampled too, exec'd
// programs included.  The kernel refuses to mmap an inherited event that
// follows a task on any CPU (cpu = -1: EINVAL, checked on 6.18), so — as
// `perf record -- CMD` does — the events are per CPU, and every event of one
// CPU writes into one ring (PERF_EVENT_IOC_SET_OUTPUT): one ring per CPU.
#include <linux/perf_event.h>
#include <sys/types.h>

#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "sys/perf_ring.h"
#include "sys/unique_fd.h"

namespace schedlab::sys {

// What every sample carries, in this order after its header (the layout
// perf_event_open(2) gives for these PERF_SAMPLE_* bits): ip, pid and tid,
// time (CLOCK_MONOTONIC, ns), the call chain (nr, then nr addresses with
// PERF_CONTEXT_KERNEL / PERF_CONTEXT_USER markers).  Side-band records
// (mmap of executable mappings, comm, fork, exit) end with pid, tid and time.
inline constexpr std::uint64_t kSampleTypeBits =
    PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME | PERF_SAMPLE_CALLCHAIN;

// What the samples are taken on.  The PMU's cycle counter first, as `perf
// record` does: its overflow interrupt is an NMI, so it samples code that
// runs with interrupts off (the scheduler core under the run-queue lock).
// Without a PMU (most VMs), the CPU-clock software event, an hrtimer whose
// interrupt waits while interrupts are off (docs/probes.md).
enum class SampleClock { kCycles, kCpuClock };
const char* clock_name(SampleClock clock);

struct SamplingConfig {
  std::uint32_t frequency_hz = 0;   // samples per second of CPU time, per task
  std::uint16_t max_stack = 64;     // frames per call chain (sample_max_stack)
  std::size_t ring_pages = 1;       // data pages per CPU ring, a power of two
};

// The events, their rings and the switch that turns them on and off.
// Move-only; the destructor closes and unmaps everything.
class PerfSampler {
 public:
  PerfSampler() = default;
  PerfSampler(PerfSampler&&) noexcept = default;
  PerfSampler& operator=(PerfSampler&&) noexcept = default;

  // Opens disabled events on every task of `tids` (those that exited
  // meanwhile are skipped) for every CPU of `cpus`, and a ring per CPU, on
  // the cycle counter, or on the CPU clock when the machine has no cycle
  // counter to sample (clock() says which).  Returns 0 or the errno of the
  // first refusal (perf_event_open, mmap or the output redirection); then
  // nothing stays open.
  int open(const std::vector<pid_t>& tids, const std::vector<int>& cpus, const SamplingConfig& config);
  SampleClock clock() const { return clock_; }

  // PERF_EVENT_IOC_ENABLE / _DISABLE on every event (inherited copies
  // follow their parent event): only ioctls, so callable at SCHED_FIFO at
  // the window's edges.
  void enable() noexcept;
  void disable() noexcept;

  // Waits up to `timeout_ms` for a ring to pass its wakeup mark (half full)
  // or for a signal; returns whether one did.
  bool wait(int timeout_ms) const;

  // Drains every ring (PerfRing::drain), CPU by CPU in the order of `cpus`;
  // `record` gets the ring's index and the record's bytes.
  std::size_t drain(const std::function<void(std::size_t ring, std::span<const std::byte>)>& record);

  std::size_t event_count() const { return events_.size(); }
  std::size_t ring_count() const { return rings_.size(); }
  void close() noexcept;

 private:
  std::vector<UniqueFd> events_;
  std::vector<PerfRing> rings_;  // one per CPU, mapping the first event opened on it
  SampleClock clock_ = SampleClock::kCpuClock;

  int open_on(SampleClock clock, const std::vector<pid_t>& tids, const std::vector<int>& cpus,
              const SamplingConfig& config);
};

// Whether this process may sample itself like this (0) or the errno of the
// refused perf_event_open / mmap (EACCES: perf_event_paranoid or a missing
// capability; ENOENT: no such event).  Changes nothing.
int probe_sampling();

}  // namespace schedlab::sys
