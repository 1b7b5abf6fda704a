#include "compare/histogram_shifts.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <stdexcept>

#include "compare/run_histograms.h"
#include "stats/multiple_testing.h"

namespace schedlab {
namespace {

// Paired: only the blocks both sets have, in the same order on both sides.
void match_blocks(std::vector<RunHistogram>& base, std::vector<RunHistogram>& other) {
  std::map<int, RunHistogram*> by_block;
  for (auto& r : base)
    if (r.block > 0) by_block[r.block] = &r;
  std::vector<RunHistogram> a, b;
  for (auto& r : other)
    if (auto it = by_block.find(r.block); r.block > 0 && it != by_block.end()) {
      a.push_back(std::move(*it->second));
      b.push_back(std::move(r));
      by_block.erase(it);
    }
  base = std::move(a);
  other = std::move(b);
}

// Both sets' runs on the bins any of them used.
stats::BinnedRuns on_shared_bins(const std::vector<RunHistogram>& base, const std::vector<RunHistogram>& other) {
  std::map<std::uint64_t, std::uint64_t> bounds;  // lower -> upper
  for (const auto* side : {&base, &other})
    for (const auto& r : *side)
      for (const auto& bin : r.histogram.bins) bounds.emplace(bin.lower, bin.upper);
  stats::BinnedRuns out;
  std::map<std::uint64_t, std::size_t> index;
  for (const auto& [lower, upper] : bounds) {
    index[lower] = out.bins.size();
    out.bins.push_back({static_cast<double>(lower), static_cast<double>(upper)});
  }
  const auto dense = [&](const RunHistogram& r) {
    std::vector<double> counts(out.bins.size(), 0);
    for (const auto& bin : r.histogram.bins) counts[index.at(bin.lower)] += static_cast<double>(bin.count);
    return counts;
  };
  for (const auto& r : base) out.base.push_back(dense(r));
  for (const auto& r : other) out.other.push_back(dense(r));
  return out;
}

// The shifts of histogram `name` between the baseline and set `index`,
// appended to `out`; nothing when too few runs hold values.
void shifts_of(const std::vector<ResultSet>& sets, std::size_t index, const std::string& name,
               const stats::QuantileShiftOptions& o, HistogramShifts& out) {
  auto base = set_histograms(sets.front(), name, out.problems), other = set_histograms(sets[index], name, out.problems);
  if (base.empty() && other.empty()) return;  // a histogram this workload never fills
  if (o.paired) match_blocks(base, other);
  if (base.size() < 2 || other.size() < 2) {
    const std::string where = o.paired ? fmt::format("{} block{} both ran", base.size(), base.size() == 1 ? "" : "s")
                                       : fmt::format("{} runs of {} and {} of {}", base.size(), sets.front().label,
                                                     other.size(), sets[index].label);
    out.problems.push_back(fmt::format("{} vs {}: the {} histogram holds values in {}: not compared (2 needed)",
                                       sets[index].label, sets.front().label, name, where));
    return;
  }
  const auto result = stats::quantile_shifts(on_shared_bins(base, other), o);
  for (const auto& s : result.shifts)
    out.shifts.push_back({index, name, base.front().histogram.unit, s, base.size(), other.size(), result.smallest_p});
}

}  // namespace

HistogramShifts histogram_shifts(const std::vector<ResultSet>& sets, bool paired, double alpha,
                                 stats::QuantileShiftOptions options) {
  HistogramShifts out;
  out.paired = options.paired = paired;
  out.confidence = options.confidence = 1 - alpha;
  options.quantiles = {0.5, 0.9, 0.99};
  if (sets.size() < 2 || sets.front().status != Status::kPass) return out;
  for (const auto& name : histogram_names(sets.front()))
    for (std::size_t i = 1; i < sets.size(); ++i)
      if (sets[i].status == Status::kPass) shifts_of(sets, i, name, options, out);
  std::stable_sort(out.shifts.begin(), out.shifts.end(),
                   [](const auto& a, const auto& b) { return a.set < b.set; });
  std::vector<double> p;
  p.reserve(out.shifts.size());
  for (const auto& s : out.shifts) p.push_back(s.shift.p_value);
  const auto q = stats::benjamini_hochberg(p);
  for (std::size_t k = 0; k < q.size(); ++k) {
    out.shifts[k].q_value = q[k];
    out.shifts[k].flagged = q[k] <= alpha;
  }
  out.tests = out.shifts.size();
  return out;
}

}  // namespace schedlab
