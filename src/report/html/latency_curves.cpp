#include "report/html/latency_curves.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <memory>

#include "channel/histogram.h"
#include "compare/run_histograms.h"

namespace schedlab::html {
namespace {

constexpr double kStep = 0.05;         // of log10(1 / (1 - p)): 20 points a decade
constexpr double kDeepestDecade = 6;   // p99.9999

// The stored histogram (compare/run_histograms.h read and checked it) in
// the worker's buckets, whose percentile reading the metrics use.
std::unique_ptr<sl_hist> as_worker_histogram(const StoredHistogram& stored) {
  auto h = std::make_unique<sl_hist>();
  sl_hist_init_zeroed(h.get());
  for (const auto& bin : stored.bins) h->buckets[sl_hist_bucket(bin.lower)] += bin.count;
  h->count = stored.count;
  h->min = stored.min.value_or(UINT64_MAX);
  h->max = stored.max.value_or(0);
  return h;
}

// The runs' histograms of one set added together; nullptr when none.
std::unique_ptr<sl_hist> merged(const ResultSet& set, const std::string& kind,
                                std::vector<std::string>& problems) {
  std::unique_ptr<sl_hist> all;
  for (const auto& r : set_histograms(set, kind, problems)) {
    if (!all) {
      all = std::make_unique<sl_hist>();
      sl_hist_init(all.get());
    }
    sl_hist_merge(all.get(), as_worker_histogram(r.histogram).get());
  }
  return all;
}

// The evenly spaced percentiles and the ones people quote, in order.
std::vector<double> percentiles_to(double deepest) {
  std::vector<double> ps;
  for (int k = 1; k * kStep <= deepest + 1e-9; ++k) ps.push_back(100 * (1 - std::pow(10.0, -k * kStep)));
  for (double p : kQuotedPercentiles)
    if (std::log10(100 / (100 - p)) <= deepest + 1e-9) ps.push_back(p);
  std::sort(ps.begin(), ps.end());
  ps.erase(std::unique(ps.begin(), ps.end(), [](double a, double b) { return std::fabs(a - b) < 1e-9; }),
           ps.end());
  return ps;
}

LatencyCurve curve_of(std::size_t set, const sl_hist& h) {
  LatencyCurve c{set, h.count, static_cast<double>(h.max) / 1e3, {}};
  const double deepest = std::min(kDeepestDecade, std::log10(static_cast<double>(h.count)));
  for (double p : percentiles_to(deepest))
    c.points.push_back({p, static_cast<double>(sl_hist_percentile(&h, p)) / 1e3});
  return c;
}

}  // namespace

std::vector<LatencyCurve> latency_curves(const std::vector<ResultSet>& sets, const std::string& kind,
                                         std::vector<std::string>& problems) {
  std::vector<LatencyCurve> curves;
  for (std::size_t i = 0; i < sets.size(); ++i) {
    if (sets[i].status != Status::kPass) continue;  // not compared, so not drawn
    const auto h = merged(sets[i], kind, problems);
    if (h && h->count > 1) curves.push_back(curve_of(i, *h));
  }
  return curves;
}

std::optional<double> latency_at(const LatencyCurve& curve, double percentile) {
  for (const auto& p : curve.points)
    if (std::fabs(p.percentile - percentile) < 1e-9) return p.latency_us;
  return std::nullopt;
}

}  // namespace schedlab::html
