#pragma once
// Result sets whose runs carry a bpf probe histogram drawn from a known
// distribution (seeded, no machine run): log-normal values around `median_ns`
// with a run's own scale factor (the machine state a run lands in moves
// all its events together, as real runs do), stored as the probe stores
// them (probes/bpf_histograms.h).
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "core/result.h"
#include "probes/bpf_histograms.h"
#include "support/sample_result.h"

namespace schedlab::testing {

struct SyntheticRuns {
  int runs = 8;
  int events = 400;           // per run
  double median_ns = 20000;
  double spread = 0.6;        // sd of log(value) within a run
  double run_spread = 0.08;   // sd of log(scale) between runs
  double scale = 1;           // every value of the set multiplied by this
};

// One run's counts on the probe's buckets, its scale drawn once.
inline std::vector<std::uint64_t> synthetic_counts(const SyntheticRuns& s, double run_scale, std::mt19937_64& rng) {
  std::vector<std::uint64_t> counts(SL_BUCKETS, 0);
  std::normal_distribution<double> log_value(std::log(s.median_ns), s.spread);
  for (int e = 0; e < s.events; ++e)
    ++counts[sl_bucket(static_cast<std::uint64_t>(std::exp(log_value(rng)) * run_scale * s.scale))];
  return counts;
}

// A set labelled `label` of `s.runs` runs, run k in block k + 1, each with
// a "runq_latency" histogram; `block_scales`, when given, is each block's
// scale (shared by the sets of an interleaved experiment), else each run
// draws its own.
inline ResultSet synthetic_set(const std::string& label, const SyntheticRuns& s, std::mt19937_64& rng,
                               const std::vector<double>& block_scales = {}) {
  ResultSet set = sample_set();
  set.label = label;
  set.runs.resize(1);
  RunRecord proto = set.runs.front();
  set.runs.clear();
  std::normal_distribution<double> log_scale(0, s.run_spread);
  for (int k = 0; k < s.runs; ++k) {
    RunRecord run = proto;
    run.index = k + 1;
    run.block = k + 1;
    const double run_scale = block_scales.empty() ? std::exp(log_scale(rng))
                                                  : block_scales[static_cast<std::size_t>(k)] * std::exp(log_scale(rng));
    run.details["bpf"] = {{"filter", "cgroup"}, {"tasks_dropped", 0}};
    run.details["bpf"]["histograms"]["runq_latency"] = histogram_record(synthetic_counts(s, run_scale, rng));
    set.runs.push_back(run);
  }
  return set;
}

}  // namespace schedlab::testing
