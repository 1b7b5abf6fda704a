#pragma once
// `schedlab trend`: the series of set means of one workload and metric, in
// kernel-version, time or kernel-commit order, with its change points.
#include <cstdint>
#include <string>
#include <vector>

#include "stats/change_points.h"
#include "store/store.h"

namespace schedlab::store {

enum class TrendBy { kKernel, kTime, kCommit };
const char* to_string(TrendBy by);

struct TrendQuery {
  std::string workload;         // required
  std::string metric;           // empty: the workload's primary metric
  std::string host;             // empty: every host
  TrendBy by = TrendBy::kKernel;
  std::string spec;             // a spec id or its first digits; empty: the spec of the latest set
  stats::ChangePointOptions change_points;
};

// One point: a set (--by time) or all sets of one kernel release or commit,
// whose mean is the mean of their set means (each set weighs the same).
struct TrendPoint {
  std::string key;      // the release, the commit, or the set's start time
  std::string started;  // the first set's start time
  std::vector<std::int64_t> set_ids;
  std::size_t runs = 0;
  double mean = 0;
};

struct Trend {
  TrendQuery query;
  MetricSpec metric;
  std::vector<TrendPoint> points;
  std::vector<stats::ChangePoint> change_points;  // indices into points
  // PASS sets of the workload with no value of the metric in any run (a
  // metric with no data is absent, not 0): left out of the points, said.
  std::size_t sets_without_value = 0;
  // One series per spec: sets that measured different things (1 copy and 2,
  // another duration) are never averaged into one point.  The series' spec,
  // and the other specs of the workload the store holds, with their sets.
  std::string spec;
  std::vector<std::pair<std::string, std::size_t>> other_specs;
};

// Reads the PASS sets of the workload (and host) and finds the change
// points.  Throws UsageError naming --workload or --metric when nothing
// matches, listing what the store has.
Trend build_trend(Store& store, const TrendQuery& query);

}  // namespace schedlab::store
