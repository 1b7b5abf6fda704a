#pragma once
#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "core/result.h"
#include "scenario/applied_scenario.h"
#include "scenario/scenario.h"
#include "sys/affinity.h"
#include "channel/run_channel.h"
#include "sys/signals.h"
#include "sys/stderr_relay.h"
#include "workloads/workload.h"

namespace schedlab {

// How to start the copies of one run.
struct CopyGroupSpec {
  std::string worker_path;              // schedlab-worker
  std::vector<WorkerArgs> args;         // one per copy
  std::vector<CopyPlacement> placements;
  bool set_affinity = false;            // apply placements[i].cpus to copy i
  const CopySettings* settings = nullptr;  // session, cgroups, policy; nullptr = none
  bool signal_at_stop = false;             // SIGUSR1 to every copy when the window closes
  channel::StopPlan stop;                  // how the copies end
  std::uint32_t counters = 0;              // per-thread loop counters of each copy
};

// Every copy's read-back record, and the expectations some copy missed.
struct ReadBack {
  ordered_json copies = ordered_json::array();
  std::vector<std::string> problems;
};

// The memory footprint of the loop processes (fidelity: lean and small).
struct Footprint {
  std::uint64_t rss_kb = 0;  // largest VmRSS among the copies
  std::uint64_t vmas = 0;    // largest number of mappings
};

// The worker processes of one run, as one RAII unit: the destructor SIGKILLs
// whatever is left (the copies' process group, then every child the
// subreaper bit gave us) and reaps it, on every path.  Failures of a copy
// are thrown as Error(kWorkloadFailed) with the copy's own explanation.
class CopyGroup {
 public:
  CopyGroup(const CopyGroupSpec& spec, sys::SignalGate& gate);
  ~CopyGroup();
  CopyGroup(const CopyGroup&) = delete;
  CopyGroup& operator=(const CopyGroup&) = delete;

  // Starts every copy and waits until all reached the start barrier.
  void start();
  // Reads back from the kernel where every copy runs (copy_readback.h).
  ReadBack read_back() const;
  Footprint footprint() const;

  // Opens the barrier into `phase` (warmup or measure) or moves to it.
  void set_phase(sl_phase phase) { channel_.set_phase(phase); }
  // Loop counters of every copy now.
  std::vector<std::uint64_t> snapshot() const;
  // CPU seconds the copies' process trees have spent so far (each copy, its
  // threads, its children alive or reaped): read from /proc while a copy
  // runs, from its rusage at exit once reaped.  The difference of two calls
  // is the copies' CPU between them, whatever their own loops were doing.
  double cpu_seconds() const;
  // Sleeps until CLOCK_MONOTONIC `deadline_ns`; throws on interrupt or when
  // a copy exits early.
  void wait_until(std::uint64_t deadline_ns);
  // Waits until every copy has finished its iterations, at most `limit`;
  // true when they have.  A copy still running long after its loops were
  // done (slot.loops_done_ns) is killed and the run fails saying so.
  bool wait_all_finished(std::chrono::nanoseconds limit);
  // Asks the copies to stop and waits for them; throws if a copy failed or
  // had to be killed because it did not stop within a grace period.
  void stop();

  const channel::RunChannel& channel() const { return channel_; }
  const sl_copy_slot& slot(int i) const { return channel_.slot(i); }
  int size() const { return static_cast<int>(pids_.size()); }
  const std::vector<pid_t>& pids() const { return pids_; }
  // Whether every copy exited cleanly (its usage fields are valid).
  bool all_done() const;

 private:
  void launch_all();
  void stop_gracefully() noexcept;
  void wait_ready();
  // Reaps copies that exited; throws when one exited while it should still
  // be running (`finishing` = false) or failed.
  void reap_exited(bool finishing);
  [[noreturn]] void fail_copy(int index, int wait_status) const;
  void kill_overdue();
  void kill_stuck_after_loops();
  [[noreturn]] void kill_and_fail(size_t i, const std::string& when);
  bool running(size_t i) const { return exit_status_[i] == -1; }
  size_t still_running() const;

  const CopyGroupSpec& spec_;
  sys::SignalGate& gate_;
  sys::StderrRelay relay_;  // the copies' stderr; ends after they are killed (the destructor's body)
  channel::RunChannel channel_;
  std::vector<sys::CpuMask> masks_;
  std::vector<pid_t> pids_;
  std::vector<int> exit_status_;  // -1 while running
  std::vector<double> exit_cpu_s_;  // CPU seconds of each reaped copy and its reaped descendants
  pid_t pgid_ = 0;
};

std::uint64_t monotonic_ns();

}  // namespace schedlab
