#pragma once
// Synthetic result sets for the store's tests and its scale bench: the
// fixed sample set with a chosen workload, kernel, host, label, start time
// and seeded normal values of the primary metric.
#include <fmt/format.h>

#include <random>
#include <string>
#include <vector>

#include "core/result.h"
#include "store/set_document.h"
#include "unit/support/sample_result.h"

namespace schedlab::testing {

struct SyntheticSpec {
  std::string workload = "spawn", kernel = "6.11.0", host = "grid-1", label;
  double mean = 10000, sigma = 100;
  int runs = 5;
  int day = 1;          // started on 2026-11-DAY (1..28), at `second` seconds past midnight
  int second = 0;
  std::uint64_t seed = 1;
};

inline ResultSet synthetic_set(const SyntheticSpec& s) {
  ResultSet set = sample_set();
  set.label = s.label.empty() ? s.kernel : s.label;
  set.workload.name = s.workload;
  set.environment = {{"kernel", {{"release", s.kernel}}}, {"system", {{"hostname", s.host}}}};
  std::mt19937_64 rng(s.seed);
  std::normal_distribution<double> dist(s.mean, s.sigma);
  set.runs.resize(static_cast<size_t>(s.runs), set.runs.front());
  for (int i = 0; i < s.runs; ++i) {
    auto& run = set.runs[static_cast<size_t>(i)];
    run.index = i + 1;
    const int t = s.second + i * 11;
    run.started = fmt::format("2026-11-{:02d}T{:02d}:{:02d}:{:02d}Z", s.day, t / 3600 % 24, t / 60 % 60, t % 60);
    run.values.set("lps", dist(rng));
  }
  return set;
}

// A set of one metric with exactly these values, one run each (1-based
// indices): the shape the verdict and between-sitting tests build on.
inline ResultSet values_set(const std::string& workload, const MetricSpec& metric, const std::vector<double>& values) {
  ResultSet set;
  set.workload.name = workload;
  set.workload.primary_metric = metric.name;
  set.metrics = {metric};
  for (std::size_t i = 0; i < values.size(); ++i) {
    RunRecord run;
    run.index = static_cast<int>(i) + 1;
    run.values.set(metric.name, values[i]);
    set.runs.push_back(run);
  }
  return set;
}

inline store::SetDocument synthetic_document(const SyntheticSpec& s) {
  return {ordered_json(synthetic_set(s)), "2026-11-01T00:00:00Z"};
}

}  // namespace schedlab::testing
