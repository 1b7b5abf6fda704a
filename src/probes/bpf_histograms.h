#pragma once
// The bpf probe's histograms once they are out of the kernel: their names,
// their metrics (p50, p90, p99 and the count) and their record in a run's
// details (the non-empty buckets' lower bounds and counts, so compare and
// report can use the whole distribution later).  The bucket arithmetic is
// the kernel side's own (probes/bpf/lifecycle.h).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/metric.h"
#include "core/result.h"
#include "probes/bpf/lifecycle.h"

namespace schedlab {

// One histogram's name ("runq_latency": metrics bpf_runq_latency_p50_us, ...)
// and what it holds, one line.
struct BpfHistogramInfo {
  const char* name;
  const char* description;
};

// In the order of sl_histogram_kind.
const BpfHistogramInfo& bpf_histogram_info(std::uint32_t kind);

// The metrics of one histogram: STEM_p50_us, _p90_us, _p99_us (lower is
// better) and STEM_count with its per-loop variant; `counted` says what
// the count counts.
std::vector<MetricSpec> histogram_metrics(const std::string& stem, const std::string& description,
                                          const std::string& counted);

// The metrics of every lifecycle histogram, each with the stem bpf_NAME.
std::vector<MetricSpec> bpf_histogram_metrics();

// The value below which a fraction `q` (0 < q <= 1) of the recorded values
// lie, by nearest rank, the values inside a bucket taken as spread evenly
// over it; nullopt for an empty histogram.
std::optional<double> histogram_quantile(const std::vector<std::uint64_t>& counts, double q);

// Sum of the counts.
std::uint64_t histogram_total(const std::vector<std::uint64_t>& counts);

// {"unit": "ns", "count": N, "lower_bounds": [...], "counts": [...]}: the
// non-empty buckets, in order.
ordered_json histogram_record(const std::vector<std::uint64_t>& counts);

// Sets the metrics of the histogram with `stem` (the quantiles only when it
// is not empty); of lifecycle histogram `kind`.
void set_histogram_values(const std::string& stem, const std::vector<std::uint64_t>& counts, double loops,
                          MetricValues& values);
void set_histogram_values(std::uint32_t kind, const std::vector<std::uint64_t>& counts, double loops,
                          MetricValues& values);

}  // namespace schedlab
