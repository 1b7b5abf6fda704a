#pragma once
// The histograms a run stored in its details, read in one place for
// compare's quantile shifts and the report's plots, each checked against
// the buckets that wrote it:
// - the workload's latency histograms, details.histograms.KIND ("wakeup",
//   "request"): {unit: "ns", count, min, max, bins: [[low, high, count], ...]}
//   on channel/histogram.h's buckets (docs/result-file.md);
// - the bpf probe's, details.bpf.histograms.NAME ("runq_latency"): {unit:
//   "ns", count, lower_bounds: [...], counts: [...]}, the non-empty buckets
//   of probes/bpf/lifecycle.h (probes/bpf_histograms.h).
// Both are named here as their metrics are: "wakeup" (wakeup_p99_us),
// "bpf_runq_latency" (bpf_runq_latency_p99_us).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"

namespace schedlab {

// One non-empty bucket: [lower, upper) holds `count` values.
struct StoredBin {
  std::uint64_t lower = 0, upper = 0, count = 0;
};

struct StoredHistogram {
  std::string unit;              // "ns"
  std::vector<StoredBin> bins;   // ascending
  std::uint64_t count = 0;       // the bins' total
  // Exact extremes, when the writer kept them (the workload's histograms).
  std::optional<std::uint64_t> min, max;
};

// The names of the histograms any run of `set` stored, workload's first,
// in the order first stored.
std::vector<std::string> histogram_names(const ResultSet& set);

// The run's histogram `name`; nullopt when it has none of that name.
// Throws std::runtime_error saying what is wrong with one that is not laid
// out as schedlab writes it (foreign bucket edges, counts that do not add
// up, a value that is not a whole number), or that the bpf probe gave no
// figures for (its task map overflowed).
std::optional<StoredHistogram> run_histogram(const RunRecord& run, const std::string& name);

struct RunHistogram {
  int run = 0, block = 0;  // the run's index and --vary block
  StoredHistogram histogram;
};

// The histograms `name` of the runs of `set` that hold values, in run
// order; a run whose histogram cannot be read is left out and said in
// `problems`: "LABEL: the NAME histogram of run N is left out: why".
std::vector<RunHistogram> set_histograms(const ResultSet& set, const std::string& name,
                                         std::vector<std::string>& problems);

}  // namespace schedlab
