#include "runner/copy_metrics.h"

#include <algorithm>
#include <limits>

namespace schedlab {
namespace {

struct UsageField {
  sl_usage field;
  MetricSpec spec;
  double scale;  // raw slot unit -> metric unit
};

const std::vector<UsageField>& usage_fields() {
  static const std::vector<UsageField> kFields = {
      {SL_USAGE_UTIME_US, {"user_s", "s", Better::kLower, "user CPU time of the copies and their children, over each copy's usage span"}, 1e-6},
      {SL_USAGE_STIME_US, {"sys_s", "s", Better::kLower, "system CPU time of the copies and their children, over each copy's usage span"}, 1e-6},
      {SL_USAGE_NVCSW, {"voluntary_ctxsw", "count", Better::kLower, "voluntary context switches (rusage)"}, 1},
      {SL_USAGE_NIVCSW, {"involuntary_ctxsw", "count", Better::kLower, "involuntary context switches (rusage)"}, 1},
      {SL_USAGE_MINFLT, {"minor_faults", "count", Better::kLower, "minor page faults (rusage)"}, 1},
      {SL_USAGE_MAJFLT, {"major_faults", "count", Better::kLower, "major page faults (rusage)"}, 1},
      {SL_USAGE_MAXRSS_KB, {"max_rss_kb", "KiB", Better::kLower, "largest resident set of a copy or child"}, 1},
  };
  return kFields;
}

}  // namespace

const std::vector<MetricSpec>& copy_metrics() {
  static const std::vector<MetricSpec> kSpecs = [] {
    std::vector<MetricSpec> specs;
    for (const auto& f : usage_fields()) specs.push_back(f.spec);
    specs.push_back({"start_skew_us", "us", Better::kLower,
                     "time between the first and the last copy starting after the release"});
    specs.push_back({"loop_rss_kb", "KiB", Better::kLower, "resident set of the loop process"});
    specs.push_back({"loop_vmas", "count", Better::kLower, "memory mappings of the loop process"});
    return specs;
  }();
  return kSpecs;
}

std::optional<double> copies_cpu_seconds(const CopyGroup& group) {
  if (!group.all_done()) return std::nullopt;
  double us = 0;
  for (int i = 0; i < group.size(); ++i)
    us += static_cast<double>(group.slot(i).usage[SL_USAGE_UTIME_US] +
                              group.slot(i).usage[SL_USAGE_STIME_US]);
  return us / 1e6;
}

void add_copy_metrics(const CopyGroup& group, const Footprint& footprint, MetricValues& values) {
  if (group.all_done()) {
    for (const auto& f : usage_fields()) {
      double total = 0;
      for (int i = 0; i < group.size(); ++i) {
        const double v = static_cast<double>(group.slot(i).usage[f.field]) * f.scale;
        total = f.field == SL_USAGE_MAXRSS_KB ? std::max(total, v) : total + v;
      }
      values.set(f.spec.name, total);
    }
  }
  std::uint64_t first = std::numeric_limits<std::uint64_t>::max(), last = 0;
  for (int i = 0; i < group.size(); ++i) {
    first = std::min(first, group.slot(i).start_ns);
    last = std::max(last, group.slot(i).start_ns);
  }
  values.set("start_skew_us", static_cast<double>(last - first) / 1e3);
  values.set("loop_rss_kb", static_cast<double>(footprint.rss_kb));
  values.set("loop_vmas", static_cast<double>(footprint.vmas));
}

}  // namespace schedlab
