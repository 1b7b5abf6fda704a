#pragma once
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

#include "probes/probe_set.h"

namespace schedlab {

// Run options of `schedlab run`, already validated (spec/run_option_table.h).
struct RunOptions {
  int runs = 5;
  // Set only when --duration was given; workloads with their own count
  // (exec --iterations) use it to choose between the two stop rules.
  std::optional<std::chrono::nanoseconds> duration;
  std::chrono::nanoseconds warmup{0};
  int warmup_runs = 0;  // whole runs executed first and discarded
  // A run whose foreign CPU use (foreign_cpu_pct) exceeds this gets a
  // "busy" warning.
  double busy_threshold_pct = kDefaultBusyThreshold;
  // --wait-idle: before each run, wait at most this long for the CPU set to
  // be quiet (at most busy_threshold_pct busy over one second).
  std::optional<std::chrono::nanoseconds> wait_idle;
  // Do not wait for another run's lock on global controls: exit 3.
  bool no_wait = false;
  std::optional<std::string> json_path;
  bool force_write = false;  // --force: replace an existing --json file
  bool append = false;       // --append: add the new sets to an existing --json file
  std::optional<std::string> label;
  bool quiet = false;
  bool all = false;  // --all: every metric's summary after each set, not only the headline
  bool dry_run = false;  // --dry-run: check everything, print the plan, measure and change nothing
  // --probes: the kernel evidence recorded beside every run.
  ProbeSelection probes;  // "default"
  // --profile-freq: samples per second of CPU time the profile probe takes.
  std::uint32_t profile_freq_hz = kDefaultProfileFreqHz;

  static constexpr int kMaxRuns = 100000;
  static constexpr int kMaxWarmupRuns = 1000;
  static constexpr std::chrono::nanoseconds kDefaultDuration = std::chrono::seconds(10);
  static constexpr double kDefaultBusyThreshold = 5;
  // Chosen by its measured cost (docs/probes.md, bench/probe_cost): prime,
  // so that sampling does not run in lockstep with periodic kernel work.
  static constexpr std::uint32_t kDefaultProfileFreqHz = 997;
  static constexpr std::uint32_t kMaxProfileFreqHz = 100000;  // the kernel's perf_event_max_sample_rate default
  static constexpr std::chrono::nanoseconds kDefaultWaitIdle = std::chrono::minutes(5);
  std::chrono::nanoseconds window() const { return duration.value_or(kDefaultDuration); }
};

}  // namespace schedlab
