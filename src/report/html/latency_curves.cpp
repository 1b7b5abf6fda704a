#include "report/html/latency_curves.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <stdexcept>

#include "channel/histogram.h"

namespace schedlab::html {
namespace {

constexpr double kStep = 0.05;         // of log10(1 / (1 - p)): 20 points a decade
constexpr double kDeepestDecade = 6;   // p99.9999

std::uint64_t whole(const ordered_json& j, const char* what) {
  if (!j.is_number_unsigned() && !(j.is_number_integer() && j.get<std::int64_t>() >= 0))
    throw std::runtime_error(fmt::format("{} is not a whole number", what));
  return j.get<std::uint64_t>();
}

void add_bin(sl_hist& h, const ordered_json& bin) {
  if (!bin.is_array() || bin.size() != 3) throw std::runtime_error("a bin is not [low, high, count]");
  const std::uint64_t low = whole(bin[0], "a bin's low edge"), high = whole(bin[1], "a bin's high edge");
  const std::uint32_t b = sl_hist_bucket(low);
  if (sl_hist_bucket_low(b) != low || low + sl_hist_bucket_width(b) != high)
    throw std::runtime_error(fmt::format("bin [{}, {}] is not one of schedlab's buckets", low, high));
  h.buckets[b] += whole(bin[2], "a bin's count");
}

// The stored histogram as the worker kept it, checked on the way in.
std::unique_ptr<sl_hist> read_histogram(const ordered_json& j) {
  if (!j.is_object() || j.value("unit", "") != "ns" || !j.contains("bins") || !j["bins"].is_array())
    throw std::runtime_error("not {unit: \"ns\", count, min, max, bins}");
  auto h = std::make_unique<sl_hist>();
  sl_hist_init_zeroed(h.get());
  for (const auto& bin : j["bins"]) add_bin(*h, bin);
  std::uint64_t total = 0;
  for (std::uint32_t b = 0; b < SL_HIST_BUCKETS; ++b) total += h->buckets[b];
  h->count = whole(j.value("count", ordered_json()), "count");
  if (total != h->count) throw std::runtime_error(fmt::format("its bins hold {} samples, not {}", total, h->count));
  h->min = h->count ? whole(j.value("min", ordered_json()), "min") : UINT64_MAX;
  h->max = whole(j.value("max", ordered_json()), "max");
  return h;
}

// The runs' histograms of one set added together; nullptr when none.
std::unique_ptr<sl_hist> merged(const ResultSet& set, const std::string& kind,
                                std::vector<std::string>& problems) {
  std::unique_ptr<sl_hist> all;
  for (const auto& run : set.runs) {
    const auto& details = run.details;
    if (!details.contains("histograms") || !details["histograms"].contains(kind)) continue;
    try {
      const auto h = read_histogram(details["histograms"][kind]);
      if (!all) {
        all = std::make_unique<sl_hist>();
        sl_hist_init(all.get());
      }
      sl_hist_merge(all.get(), h.get());
    } catch (const std::exception& e) {
      problems.push_back(fmt::format("{}: the {} histogram of run {} is not drawn: {}", set.label, kind,
                                     run.index, e.what()));
    }
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
