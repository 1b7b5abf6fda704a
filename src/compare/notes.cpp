#include "compare/notes.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "compare/comparison.h"
#include "compare/machine_speed.h"
#include "core/utf8.h"
#include "core/descriptive.h"
#include "stats/outliers.h"

namespace schedlab {
namespace {

// A run that is an outlier (modified z > 3.5) and far enough from its set's
// median to matter: said as a fact, not a cause.
constexpr double kMaterialPct = 10;
constexpr std::size_t kBriefWidth = 74;  // after "note: ", 80 columns

std::string fit(std::string text) {
  // Characters, not bytes: a label in Cyrillic is cut between characters.
  if (utf8_length(text) > kBriefWidth) text = utf8_prefix(text, kBriefWidth - 3) + "...";
  return text;
}

void add(Comparison& c, int rank, const std::string& brief, const std::string& full) {
  c.notes.push_back({rank, fit(brief), full});
}

std::vector<double> primary_values_of(const ResultSet& set) {
  std::vector<double> xs;
  for (const auto& run : set.runs)
    if (auto v = run.values.get(set.workload.primary_metric)) xs.push_back(*v);
  return xs;
}

}  // namespace

void note_not_compared(Comparison& c) {
  for (const auto& set : c.sets)
    if (set.status != Status::kPass)
      add(c, note_rank::kNotCompared, fmt::format("{}: {}, not compared", set.label, to_string(set.status)),
          fmt::format("{}: {} ({}), not compared", set.label, to_string(set.status), set.error));
}

void note_no_test(Comparison& c, const ComparedMetric& m) {
  for (size_t i = 1; i < m.cells.size(); ++i) {
    const auto& cell = m.cells[i];
    if (!cell || !cell->test || cell->test->available) continue;
    add(c, note_rank::kNoTest, fmt::format("{} of {}: no test ({})", m.spec.name, c.sets[i].label, cell->test->why_not),
        fmt::format("{} of {}: no {} test: {}", m.spec.name, c.sets[i].label,
                    c.options.paired ? "paired-t" : stats::to_string(c.options.test), cell->test->why_not));
  }
}

void note_outliers(Comparison& c, const ComparedMetric& m) {
  for (size_t i = 0; i < m.cells.size(); ++i) {
    if (!m.cells[i] || m.cells[i]->summary.median == 0) continue;
    const auto& xs = m.cells[i]->values;
    const double median = m.cells[i]->summary.median;
    for (size_t k : stats::outlier_indices(xs)) {
      const double pct = (xs[k] - median) / std::fabs(median) * 100;
      if (std::fabs(pct) < kMaterialPct) continue;
      const std::string text = fmt::format("{}: {} of run {} is {:.0f}% {} the set's median", c.sets[i].label,
                                           m.spec.name, k + 1, std::fabs(pct), pct < 0 ? "below" : "above");
      add(c, note_rank::kOutlier, text, text);
    }
  }
}

// A metric some runs have no value of (wakeup's rps_p* in a window under
// a second) is summarized over the others: said, with how many, since a
// figure over fewer runs than the set holds is not what its n suggests.
void note_partial(Comparison& c, const ComparedMetric& m) {
  for (size_t i = 0; i < m.cells.size(); ++i) {
    if (!m.cells[i]) continue;
    const size_t n = m.cells[i]->values.size(), runs = c.sets[i].runs.size();
    if (n >= runs) continue;
    add(c, note_rank::kNoTest, fmt::format("{}: {} in {} of {} runs only", c.sets[i].label, m.spec.name, n, runs),
        fmt::format("{}: {} has a value in {} of its {} runs (the others measured none); its figures are "
                    "over those {}",
                    c.sets[i].label, m.spec.name, n, runs, n));
  }
}

// A rank test that cannot reach alpha with these sample sizes says so:
// its "not significant" is no evidence of no change.
void note_unreachable(Comparison& c, const ComparedMetric& m) {
  for (size_t i = 1; i < m.cells.size(); ++i) {
    const auto& cell = m.cells[i];
    if (!cell || !cell->test || !cell->test->available || cell->test->min_p < c.options.alpha) continue;
    const size_t na = m.cells[0] ? m.cells[0]->values.size() : 0, nb = cell->values.size();
    add(c, note_rank::kUnreachable,
        fmt::format("{} with {}+{} runs cannot reach p < {} (min p {:.3f})", stats::to_string(c.options.test), na,
                    nb, c.options.alpha, cell->test->min_p),
        fmt::format("{}: with {} and {} runs the {} test cannot reach p < {} (its smallest p is {:.3f}): 'not "
                    "significant' is no evidence of no change",
                    c.sets[i].label, na, nb, stats::to_string(c.options.test), c.options.alpha, cell->test->min_p));
    return;  // once per comparison is enough
  }
}

// Significance assumes each set samples one machine state; sets measured
// one after the other also differ by whatever drifted in between — unless
// the between-sitting model counted it (compare/between_sittings.h).
void note_if_not_interleaved(Comparison& c) {
  bool marked = false;
  for (const auto& m : c.metrics)
    for (const auto& cell : m.cells) marked |= cell && cell->test && cell->test->significant;
  bool interleaved = true;
  for (const auto& set : c.sets)
    for (const auto& run : set.runs) interleaved &= run.block > 0;
  std::string why_no_model;
  for (const auto& use : c.between) {
    if (use && use->applied) return;
    if (use && why_no_model.empty()) why_no_model = use->why_not;
  }
  if (marked && !interleaved)
    add(c, note_rank::kDrift, "sets measured in turn, not interleaved: drift counts as a difference",
        fmt::format("these sets are two sittings, measured one after the other, not interleaved: slow drift of the "
                    "machine between them counts as a difference{}; interleave them with --vary (and compare with "
                    "--paired) or compare kernels with schedlab kernels to rule that out",
                    why_no_model.empty() ? "" : " (no between-sitting estimate: " + why_no_model + ")"));
}

// The sentinel: when the machine's speed differed between the baseline and
// a set, the kernel-side change is also given per unit of machine speed.
void note_machine_speed(Comparison& c) {
  c.speed.assign(c.sets.size(), std::nullopt);
  const ResultSet& base = c.sets.front();
  const auto base_v = primary_values_of(base);
  for (size_t i = 1; i < c.sets.size(); ++i) {
    if (c.sets[i].status != Status::kPass || base.status != Status::kPass) continue;
    c.speed[i] = machine_speed_difference(base, c.sets[i], c.options.alpha);
    if (!c.speed[i] || !c.speed[i]->significant) continue;
    const auto v = primary_values_of(c.sets[i]);
    const double raw = base_v.empty() || v.empty() || stats::mean(base_v) == 0
                           ? 0
                           : (stats::mean(v) - stats::mean(base_v)) / stats::mean(base_v) * 100;
    const auto& d = *c.speed[i];
    add(c, note_rank::kSpeed,
        fmt::format("{}: machine {:.1f}% {}; {} {:+.1f}% raw, {:+.1f}% per speed", c.sets[i].label,
                    std::fabs(d.change_pct), d.change_pct < 0 ? "slower" : "faster", base.workload.primary_metric,
                    raw, d.normalized_change_pct),
        describe_speed(c.sets[i].label, d, base.workload.primary_metric, raw));
  }
}

// The work sentinel: whether it tracks the primary metric here (the
// correlation and the decision), and the change per unit of machine speed
// only when it does.
void note_work_sentinel(Comparison& c) {
  c.work_sentinel.assign(c.sets.size(), std::nullopt);
  const ResultSet& base = c.sets.front();
  for (size_t i = 1; i < c.sets.size(); ++i) {
    if (c.sets[i].status != Status::kPass || base.status != Status::kPass) continue;
    c.work_sentinel[i] = work_sentinel_comparison(base, c.sets[i], c.options.alpha);
    if (!c.work_sentinel[i]) continue;
    const auto& w = *c.work_sentinel[i];
    const std::string& metric = base.workload.primary_metric;
    const std::string normalized =
        w.normalized_change_pct
            ? fmt::format("; per unit of machine speed {} changed {:+.1f}%{}", metric, *w.normalized_change_pct,
                          w.normalized_p ? fmt::format(" (p={:.3f})", *w.normalized_p) : "")
            : "";
    add(c, w.tracking.normalize ? note_rank::kSpeed : note_rank::kSentinelUnused,
        fmt::format("{}: work sentinel r={:+.2f}, {}", c.sets[i].label, w.tracking.tracking_r,
                    w.tracking.normalize ? fmt::format("normalised {:+.1f}%", w.normalized_change_pct.value_or(0))
                                         : "not normalised"),
        fmt::format("{}: {}{}", c.sets[i].label, stats::describe_tracking(w.tracking), normalized));
  }
}

// What a set's warnings mean for its numbers, one note per set and kind.
void note_warnings(Comparison& c) {
  for (const auto& set : c.sets) {
    std::vector<int> busy;
    for (const auto& w : set.warnings) {
      if (w.kind == "busy") {
        busy.push_back(w.run);
        continue;
      }
      const std::string text =
          fmt::format("{}: {}{}", set.label, w.run ? fmt::format("run {}: ", w.run) : "", w.detail);
      add(c, w.kind == "fidelity" ? note_rank::kFidelity : note_rank::kBusy, text, text);
    }
    if (busy.empty()) continue;
    double worst = 0;
    for (const auto& run : set.runs)
      if (std::find(busy.begin(), busy.end(), run.index) != busy.end())
        worst = std::max(worst, run.values.get("foreign_cpu_pct").value_or(0));
    add(c, note_rank::kBusy,
        fmt::format("{}: {} of {} runs on a busy machine (up to {:.0f}% foreign CPU)", set.label, busy.size(),
                    set.runs.size(), worst),
        fmt::format("{}: {} of {} runs measured on a busy machine (other processes used up to {:.0f}% of the "
                    "CPU set): its figures are suspect",
                    set.label, busy.size(), set.runs.size(), worst));
  }
}

void sort_notes(Comparison& c) {
  std::stable_sort(c.notes.begin(), c.notes.end(), [](const Note& a, const Note& b) { return a.rank < b.rank; });
}

}  // namespace schedlab
