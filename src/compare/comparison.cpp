#include "compare/comparison.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "compare/emulation.h"
#include "compare/machine_speed.h"
#include "compare/notes.h"
#include "compare/spec_check.h"
#include "core/error.h"
#include "core/descriptive.h"
#include "stats/mmtests_stats.h"
#include "workloads/builtin.h"
#include "stats/power.h"

namespace schedlab {

std::vector<double> values_of(const ResultSet& set, const std::string& metric) {
  std::vector<double> xs;
  for (const auto& run : set.runs)
    if (auto v = run.values.get(metric)) xs.push_back(*v);
  return xs;
}

namespace {

// Values of both sets for the blocks they share, in block order.
std::pair<std::vector<double>, std::vector<double>> paired_values(const ResultSet& a,
                                                                  const ResultSet& b,
                                                                  const std::string& metric) {
  std::map<int, double> by_block;
  for (const auto& run : a.runs)
    if (auto v = run.values.get(metric); v && run.block > 0) by_block[run.block] = *v;
  std::pair<std::vector<double>, std::vector<double>> out;
  for (const auto& run : b.runs) {
    auto v = run.values.get(metric);
    auto it = by_block.find(run.block);
    if (!v || it == by_block.end()) continue;
    out.first.push_back(it->second);
    out.second.push_back(*v);
  }
  return out;
}

// Figures whose arithmetic overflows a double (values near ±1e308 from a
// hand-made or corrupted file) cannot be compared: one clear line, exit 2.
void require_finite(const Cell& c, const ResultSet& set, const MetricSpec& spec) {
  for (double x : {c.summary.mean, c.summary.stddev, c.center, c.spread})
    if (std::isinf(x))
      throw UsageError(fmt::format("compare: {} of {} cannot be compared: its values overflow the "
                                   "arithmetic (mean {}, stddev {})",
                                   spec.name, set.label, c.summary.mean, c.summary.stddev));
}

Cell make_cell(std::vector<double> values, const MetricSpec& spec) {
  Cell c;
  c.values = std::move(values);
  c.summary = stats::summarize(c.values);
  const bool positive = std::all_of(c.values.begin(), c.values.end(), [](double x) { return x > 0; });
  c.harmonic = spec.better == Better::kHigher && positive && !c.values.empty();
  c.center = c.harmonic ? stats::harmonic_mean(c.values) : c.summary.mean;
  c.spread = c.harmonic ? stats::harmonic_stddev(c.values) : c.summary.stddev;
  return c;
}

// A relative change needs a baseline that is not zero, nor zero but for
// floating-point dust (a 1e-14 mean made -3e14 % out of nothing).
bool usable_base(double base_mean, const std::vector<double>& values) {
  double scale = std::fabs(base_mean);
  for (double x : values) scale = std::max(scale, std::fabs(x));
  return base_mean != 0 && std::fabs(base_mean) > scale * 1e-9;
}

void compare_with_base(Cell& cell, const Cell& base, const ResultSet& base_set, const ResultSet& set,
                       const MetricSpec& spec, const CompareOptions& o) {
  const bool higher = spec.better == Better::kHigher;
  const bool relative = usable_base(base.summary.mean, cell.values);
  cell.change_pct = stats::mmtests_change(base.center, cell.center, higher);
  cell.relative_pct = relative ? (cell.summary.mean - base.summary.mean) / base.summary.mean * 100 : 0;
  try {
    stats::Interval ci;
    if (o.paired) {
      auto [a, b] = paired_values(base_set, set, spec.name);
      cell.test = stats::paired_t_test(a, b, o.alpha);
      ci = stats::paired_difference_interval(a, b, 1 - o.alpha);
      cell.mde = stats::mde_paired(a, b, o.alpha, o.power);
      cell.interval_method = "paired-t";
    } else {
      cell.test = stats::run_test(o.test, base.values, cell.values, o.alpha);
      ci = stats::welch_difference_interval(base.values, cell.values, 1 - o.alpha);
      cell.mde = stats::mde_welch(base.values, cell.values, o.alpha, o.power);
      cell.interval_method = "welch";
    }
    cell.effect_size = stats::hedges_g(base.values, cell.values);
    if (cell.test->available && relative)
      cell.change_interval_pct = stats::Interval{ci.low / base.summary.mean * 100,
                                                 ci.high / base.summary.mean * 100};
    if (cell.mde && relative) cell.mde_pct = *cell.mde / std::fabs(base.summary.mean) * 100;
  } catch (const std::exception& e) {  // Boost.Math's domain errors on degenerate input
    cell.test = stats::TestResult{};
    cell.test->why_not = std::string("cannot be computed for these values: ") + e.what();
    cell.change_interval_pct.reset();
  }
}

std::vector<MetricSpec> chosen_metrics(const std::vector<ResultSet>& sets, const CompareOptions& o,
                                       const WorkloadRegistry& workloads) {
  const ResultSet& base = sets.front();
  const std::vector<std::string> names = o.metrics.empty() ? default_metrics(base, workloads) : o.metrics;
  std::vector<MetricSpec> specs;
  for (const auto& name : names) {
    const MetricSpec* spec = nullptr;
    for (const auto& set : sets)
      if (!spec) spec = find_metric(set.metrics, name);
    if (!spec) {
      std::vector<std::string> known;
      for (const auto& m : base.metrics) known.push_back(m.name);
      throw UsageError("--metrics", name, fmt::format("a metric of the sets: {}", fmt::join(known, ", ")));
    }
    specs.push_back(*spec);
  }
  return specs;
}

void check_specs(const std::vector<ResultSet>& sets, const CompareOptions& o, const WorkloadRegistry& workloads) {
  const auto diffs = spec_differences(sets, workloads);
  if (!diffs.empty() && !o.force)
    throw UsageError(fmt::format("compare: the workload specs differ: {}; compare like with like, or "
                                 "--force",
                                 fmt::join(diffs, "; ")));
  if (o.paired)
    for (const auto& set : sets)
      for (const auto& run : set.runs)
        if (run.block == 0)
          throw UsageError(fmt::format("--paired: set {} has runs without a block index (only sets of "
                                       "one --vary run can be paired)",
                                       set.label));
}

// Whether every run of every set has a block, and each set shares at
// least two blocks with the baseline: the design a paired test needs.
bool interleaved(const std::vector<ResultSet>& sets) {
  if (sets.size() < 2) return false;
  std::map<int, int> base_blocks;
  for (const auto& run : sets.front().runs) {
    if (run.block <= 0) return false;
    ++base_blocks[run.block];
  }
  for (size_t i = 1; i < sets.size(); ++i) {
    int shared = 0;
    for (const auto& run : sets[i].runs) {
      if (run.block <= 0) return false;
      shared += base_blocks.count(run.block) ? 1 : 0;
    }
    if (shared < 2) return false;
  }
  return true;
}

// Every set against the baseline, when any set has a profile.
std::vector<ProfileComparison> where_the_time_went(const std::vector<ResultSet>& sets, const CompareOptions& o) {
  std::vector<ProfileComparison> out;
  if (std::none_of(sets.begin(), sets.end(), has_profile)) return out;
  for (size_t i = 1; i < sets.size(); ++i)
    out.push_back(compare_profiles(sets.front(), sets[i],
                                   {o.alpha, o.profile_floor_pct, o.profile_rows, o.paired || !o.test_given}));
  return out;
}

}  // namespace

std::optional<double> paired_cv(const ResultSet& a, const ResultSet& b, const std::string& metric) {
  auto [base, other] = paired_values(a, b, metric);
  if (base.size() < 3 || stats::mean(base) == 0) return std::nullopt;
  std::vector<double> d;
  for (std::size_t i = 0; i < base.size(); ++i) d.push_back(other[i] - base[i]);
  return stats::sample_stddev(d) / std::fabs(stats::mean(base));
}

void decide_test(const std::vector<ResultSet>& sets, CompareOptions& o) {
  if (o.test_given) {
    o.design = o.paired ? "as asked (--test paired)" : fmt::format("as asked (--test {})", stats::to_string(o.test));
    return;
  }
  o.paired = interleaved(sets);
  o.test = stats::TestKind::kWelch;
  o.design = o.paired ? "the runs were interleaved in blocks" : "the sets ran one after the other";
}

std::vector<std::string> default_metrics(const ResultSet& set, const WorkloadRegistry& workloads) {
  std::vector<std::string> names;
  for (const auto& m : headline_metrics(workloads, set.workload.name, set.workload.primary_metric))
    if (find_metric(set.metrics, m)) names.push_back(m);
  return names;
}

std::vector<std::string> all_metrics(const ResultSet& set) {
  std::vector<std::string> names;
  for (const auto& m : set.metrics)
    for (const auto& run : set.runs)
      if (run.values.get(m.name)) {
        names.push_back(m.name);
        break;
      }
  return names;
}

Comparison build_comparison(std::vector<ResultSet> sets, const CompareOptions& options, const Registries& registries) {
  if (sets.empty()) throw UsageError("compare: no result sets to compare");
  CompareOptions o = options;
  decide_test(sets, o);
  check_specs(sets, o, registries.workloads);
  Comparison c{std::move(sets), {}, o, {}};
  const ResultSet& base = c.sets.front();
  note_not_compared(c);
  for (const auto& spec : chosen_metrics(c.sets, o, registries.workloads)) {
    ComparedMetric m{spec, {}};
    for (const auto& set : c.sets) {
      auto values = values_of(set, spec.name);
      if (set.status != Status::kPass || values.empty()) {
        m.cells.emplace_back();
        continue;
      }
      m.cells.push_back(make_cell(std::move(values), spec));
      require_finite(*m.cells.back(), set, spec);
    }
    for (size_t i = 1; i < m.cells.size(); ++i)
      if (m.cells[i] && m.cells[0]) compare_with_base(*m.cells[i], *m.cells[0], base, c.sets[i], spec, o);
    note_no_test(c, m);
    note_outliers(c, m);
    note_partial(c, m);
    if (c.metrics.empty()) note_unreachable(c, m);
    c.metrics.push_back(std::move(m));
  }
  apply_between_sittings(c);   // sequential sets: the sitting's own variance counted
  withhold_emulated_marks(c);  // before any note that depends on a difference being marked
  note_if_not_interleaved(c);
  note_machine_speed(c);
  note_work_sentinel(c);
  note_warnings(c);
  sort_notes(c);
  std::vector<std::string> headline;
  for (const auto& m : c.metrics) headline.push_back(m.spec.name);
  c.underneath = what_changed_underneath(c.sets, headline, registries.probes,
                                         o.paired ? stats::TestKind::kWelch : o.test, o.alpha);
  c.profiles = where_the_time_went(c.sets, o);
  c.histograms = histogram_shifts(c.sets, o.paired, o.alpha);
  return c;
}

}  // namespace schedlab
