#pragma once
// One run's sampling, from attach to finish: the sampler's events and
// rings (sys/perf_sampler.h), the copies' address spaces seeded from /proc
// while they wait at the barrier, and a drain thread that empties the
// rings into the collector whenever one is half full and every 100 ms, so
// that nothing is lost to a full ring however long the window.  The thread
// takes CPU time beside the copies: the probe is measured as in-window.
#include <sys/types.h>

#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "profile/sample_collector.h"
#include "sys/perf_sampler.h"

namespace schedlab {

struct ProfileSettings {
  std::uint32_t frequency_hz = 0;
  std::vector<pid_t> tasks;  // sampled with inherit: their descendants too
  std::vector<int> cpus;     // a ring and one event per task on each
};

class ProfileRecording {
 public:
  // Opens everything and starts the drain thread; "" or why not.
  std::string open(const ProfileSettings& settings);
  void enable() noexcept { sampler_.enable(); }
  void disable() noexcept { sampler_.disable(); }
  // Stops the drain thread and reads what is left; the collector is then
  // this thread's.  Idempotent.
  const profile::SampleCollector& collect();
  // Stops and releases everything (every path).
  void close() noexcept;
  std::size_t ring_bytes() const { return ring_bytes_; }
  const char* clock() const { return sys::clock_name(sampler_.clock()); }

 private:
  void drain_pass();
  sys::PerfSampler sampler_;
  std::optional<profile::SampleCollector> collector_;
  std::jthread drain_;
  std::size_t ring_bytes_ = 0;
};

// The executable mappings and name of process `pid` from /proc, into
// `spaces`; false when it is gone.
bool seed_from_proc(pid_t pid, profile::AddressSpaces& spaces);

}  // namespace schedlab
