#pragma once
// What every bench in bench/ shares: running commands, running schedlab
// for one value, and the one statistic we publish for side-by-side
// measurements on a drifting machine: the median of per-pair ratios with a
// 95% bootstrap interval (not a ratio of medians), measured interleaved.
#include <filesystem>
#include <string>
#include <vector>

#include "core/result.h"
#include "workloads/builtin.h"

namespace bench {

namespace fs = std::filesystem;

// The built-in workloads and probes, made once: a bench is a top, where
// they are made and passed down.
const schedlab::WorkloadRegistry& workloads();
schedlab::Registries registries();

// The build directory's schedlab (the bench binaries live in build/bench).
fs::path schedlab_binary();

// Runs `command` through sh; returns its stdout and stderr together.  Throws
// when it exits non-zero.
std::string run_capture(const std::string& command);

// The same, never throwing for the command's status: its exit code (or
// 128 + the signal that ended it) goes to `status`.
std::string run_capture(const std::string& command, int& status);

// `schedlab run ARGS --runs 1 --quiet --json TMP`; the run's values.
schedlab::MetricValues schedlab_run(const std::string& args);

// Waits until the CPUs were at most `busy_pct` busy over one second (at
// most `limit_s`), so that a pair does not start beside another job.
// Returns false when it gave up.
bool wait_until_quiet(double busy_pct = 20, double limit_s = 120);

struct RatioSummary {
  std::size_t pairs = 0;
  double median = 0;  // of the per-pair ratios
  double low = 0, high = 0;  // 95% percentile-bootstrap interval of that median
  double min = 0, max = 0;
};

// The median of `ratios` and its 95% bootstrap interval (2,000 resamples,
// fixed seed: the same input gives the same interval).
RatioSummary summarize_ratios(const std::vector<double>& ratios);

// "1.012 [0.991, 1.030] (min 0.95, max 1.07, 10 pairs)".
std::string describe(const RatioSummary& s);

}  // namespace bench
