#include "probes/bpf_histograms.h"

#include <fmt/format.h>

#include <array>
#include <cmath>

#include "probes/per_loop.h"
#include "stats/quantile_shift.h"

namespace schedlab {
namespace {

constexpr std::array<BpfHistogramInfo, SL_HISTOGRAMS> kHistograms{{
    {"fork_to_exec", "time from a workload task's fork (sched_process_fork of the child) to its first exec"},
    {"exec_to_exit", "time from a workload task's exec to its exit (sched_process_exit)"},
    {"exit_to_free", "time from a workload task's exit to its release (sched_process_free: the reap plus an RCU "
                     "grace period)"},
    {"runq_latency", "run-queue latency: time from a workload task's wakeup (sched_wakeup, sched_wakeup_new) to "
                     "it running"},
    {"oncpu_slice", "on-CPU slice: time from a workload task's switch in to its switch out"},
}};

constexpr std::array<std::pair<const char*, double>, 3> kQuantiles{{{"p50", 0.5}, {"p90", 0.9}, {"p99", 0.99}}};

std::string stem_of(std::uint32_t kind) { return fmt::format("bpf_{}", kHistograms.at(kind).name); }

}  // namespace

const BpfHistogramInfo& bpf_histogram_info(std::uint32_t kind) { return kHistograms.at(kind); }

std::vector<MetricSpec> histogram_metrics(const std::string& stem, const std::string& description,
                                          const std::string& counted) {
  std::vector<MetricSpec> specs;
  specs.reserve(kQuantiles.size() + 2);
  for (const auto& [label, q] : kQuantiles)
    specs.push_back({fmt::format("{}_{}_us", stem, label), "us", Better::kLower,
                     fmt::format("{} of the {} (BPF histogram)", label, description)});
  for (auto& s : counted_metric(stem + "_count", "count", counted)) specs.push_back(std::move(s));
  return specs;
}

std::vector<MetricSpec> bpf_histogram_metrics() {
  std::vector<MetricSpec> specs;
  for (std::uint32_t kind = 0; kind < SL_HISTOGRAMS; ++kind) {
    const auto& h = kHistograms.at(kind);
    for (auto& s : histogram_metrics(stem_of(kind), h.description, fmt::format("intervals in the {}", h.name)))
      specs.push_back(std::move(s));
  }
  return specs;
}

std::uint64_t histogram_total(const std::vector<std::uint64_t>& counts) {
  std::uint64_t total = 0;
  for (auto c : counts) total += c;
  return total;
}

std::optional<double> histogram_quantile(const std::vector<std::uint64_t>& counts, double q) {
  if (histogram_total(counts) == 0) return std::nullopt;
  std::vector<stats::HistogramBin> bins(counts.size());  // the log-linear buckets, the last one open to 2^64
  for (std::uint32_t b = 0; b < counts.size(); ++b)
    bins[b] = {static_cast<double>(sl_bucket_lower(b)),
               b + 1 < SL_BUCKETS ? static_cast<double>(sl_bucket_lower(b + 1)) : std::ldexp(1.0, 64)};
  return stats::pooled_quantile(bins, std::vector<double>(counts.begin(), counts.end()), q);
}

ordered_json histogram_record(const std::vector<std::uint64_t>& counts) {
  ordered_json bounds = ordered_json::array(), nonzero = ordered_json::array();
  for (std::uint32_t b = 0; b < counts.size(); ++b) {
    if (counts[b] == 0) continue;
    bounds.push_back(sl_bucket_lower(b));
    nonzero.push_back(counts[b]);
  }
  return {{"unit", "ns"}, {"count", histogram_total(counts)}, {"lower_bounds", bounds}, {"counts", nonzero}};
}

void set_histogram_values(const std::string& stem, const std::vector<std::uint64_t>& counts, double loops,
                          MetricValues& values) {
  set_counted(values, stem + "_count", static_cast<double>(histogram_total(counts)), loops);
  for (const auto& [label, q] : kQuantiles)
    if (auto ns = histogram_quantile(counts, q)) values.set(fmt::format("{}_{}_us", stem, label), *ns / 1000);
}

void set_histogram_values(std::uint32_t kind, const std::vector<std::uint64_t>& counts, double loops,
                          MetricValues& values) {
  set_histogram_values(stem_of(kind), counts, loops, values);
}

}  // namespace schedlab
