// The machine-friendly comparison styles: markdown, CSV and JSON.
#include <fmt/format.h>

#include "report/compare_reporters.h"
#include "report/conventions.h"
#include "report/histogram_format.h"
#include "report/table.h"
#include "report/profile_format.h"
#include "report/underneath_format.h"

namespace schedlab {
namespace {

// "p=0.0123*", or for the overlap rule (no p-value) "overlap" / "overlap*".
std::string p_text(const Cell& cell) {
  if (!cell.test) return "";
  if (!cell.test->available) return "no test";
  const std::string mark = cell.test->significant ? "*" : "";
  if (!cell.test->p_value) return "overlap" + mark;
  return fmt::format("p={:.4f}{}", *cell.test->p_value, mark);
}

// ", not significant; could have detected >= 3.1%" or ", mde 3.1%".
std::string mde_clause(const Cell& cell) {
  if (!cell.mde) return "";
  if (cell.test && cell.test->available && !cell.test->significant)
    return fmt::format(", not significant; could have detected ≥ {}", mde_text(cell));
  return fmt::format(", mde {}", mde_text(cell));
}

}  // namespace

std::string format_markdown(const Comparison& c) {
  std::string out = test_line(c) + "\n| metric | unit |";
  std::string rule = "|---|---|";
  for (const auto& set : c.sets) {
    out += " " + set.label + " |";
    rule += "---:|";
  }
  out += "\n" + rule + "\n";
  for (const auto& m : c.metrics) {
    out += fmt::format("| {} | {} |", m.spec.name, m.spec.unit);
    for (size_t i = 0; i < m.cells.size(); ++i) {
      const auto& cell = m.cells[i];
      if (!cell) {
        out += " - |";
        continue;
      }
      out += fmt::format(" {:.2f} ± {:.2f}", cell->summary.mean, cell->summary.stddev);
      if (i > 0 && cell->test)
        out += fmt::format(" ({:+.2f}%, {}{})", cell->relative_pct, p_text(*cell), mde_clause(*cell));
      out += " |";
    }
    out += "\n";
  }
  out += format_underneath_text(c);
  out += format_histograms_text(c);
  out += format_profile_markdown(c);
  out += '\n' + convention_text(c, Style::kMarkdown) + '\n';
  for (const auto& note : c.notes) out += "\n" + note.full + "\n";
  return out;
}

std::string format_csv(const Comparison& c) {
  std::string out =
      "metric,unit,better,set,status,n,mean,stddev,min,max,cv_pct,change_pct_of_mean,p_value,significant,"
      "test,mde,mde_pct\n";
  for (const auto& m : c.metrics)
    for (size_t i = 0; i < m.cells.size(); ++i) {
      const auto& set = c.sets[i];
      const auto& cell = m.cells[i];
      out += fmt::format("{},{},{},{},{}", csv_field(m.spec.name), csv_field(m.spec.unit), to_string(m.spec.better),
                         csv_field(set.label), to_string(set.status));
      if (!cell) {
        out += ",0,,,,,,,,,,,\n";
        continue;
      }
      const auto& s = cell->summary;
      out += fmt::format(",{},{},{},{},{},{}", s.n, s.mean, s.stddev, s.min, s.max, s.cv_pct);
      if (i > 0 && cell->test && cell->test->available)
        out += fmt::format(",{},{},{},{},{},{}\n", cell->relative_pct,
                           cell->test->p_value ? fmt::format("{}", *cell->test->p_value) : "",
                           cell->test->significant ? "yes" : "no", test_name(c),
                           cell->mde ? fmt::format("{}", *cell->mde) : "",
                           cell->mde_pct ? fmt::format("{}", *cell->mde_pct) : "");
      else
        out += ",,,,,,\n";
    }
  return out + format_underneath_csv(c) + format_histograms_csv(c) + format_profile_csv(c);
}

std::string format_compare_json(const Comparison& c) {
  ordered_json j;
  j["schema"] = "schedlab.compare/1";
  j["test"] = test_name(c);
  j["test_chosen_by"] = c.options.design;
  j["alpha"] = c.options.alpha;
  j["power"] = c.options.power;
  j["conventions"] = {
      {"center", "center is the harmonic mean (center_kind hmean) for higher-is-better metrics with "
                 "positive values, else the arithmetic mean"},
      {"change_pct", "plain relative change of the arithmetic mean, + = larger"},
      {"mmtests_change_pct", "mmtests' convention on the center: positive = better"},
      {"change_interval_pct", "confidence interval of change_pct from the same test as p_value"},
      {"mde_pct", "smallest change of the mean detectable with `power` at `alpha`, % of the baseline"},
      {"p_value", "null for the overlap rule, which is not a test"}};
  j["baseline"] = c.sets.front().label;
  for (const auto& set : c.sets) {
    ordered_json s = {{"label", set.label}, {"status", to_string(set.status)}};
    if (set.status != Status::kPass) s["error"] = set.error;
    j["sets"].push_back(s);
  }
  j["metrics"] = ordered_json::array();
  for (const auto& m : c.metrics) {
    ordered_json jm = {{"name", m.spec.name}, {"unit", m.spec.unit}, {"better", to_string(m.spec.better)}};
    for (size_t i = 0; i < m.cells.size(); ++i) {
      ordered_json cell = {{"label", c.sets[i].label}};
      if (const auto& x = m.cells[i]) {
        cell.update({{"n", x->summary.n}, {"mean", x->summary.mean}, {"stddev", x->summary.stddev},
                     {"cv_pct", x->summary.cv_pct}, {"min", x->summary.min}, {"max", x->summary.max},
                     {"center", x->center}, {"center_kind", x->harmonic ? "hmean" : "amean"}});
        if (i > 0 && x->test) {
          cell["change_pct"] = x->relative_pct;
          cell["mmtests_change_pct"] = x->change_pct;
          cell["test_available"] = x->test->available;
          if (!x->test->available) cell["why_not"] = x->test->why_not;
          cell["p_value"] = x->test->p_value ? ordered_json(*x->test->p_value) : ordered_json(nullptr);
          cell["statistic"] = x->test->statistic;
          cell["significant"] = x->test->significant;
          cell["effect_size_hedges_g"] = x->effect_size;
          if (x->change_interval_pct) {
            cell["change_interval_pct"] = {x->change_interval_pct->low, x->change_interval_pct->high};
            cell["interval_method"] = x->interval_method;
          }
          cell["mde"] = x->mde ? ordered_json(*x->mde) : ordered_json(nullptr);
          cell["mde_pct"] = x->mde_pct ? ordered_json(*x->mde_pct) : ordered_json(nullptr);
        }
      }
      jm["sets"].push_back(cell);
    }
    j["metrics"].push_back(jm);
  }
  for (size_t i = 1; i < c.speed.size(); ++i) {
    if (!c.speed[i]) continue;
    const auto& d = *c.speed[i];
    j["sets"][i]["machine_speed"] = {
        {"change_pct", d.change_pct}, {"interval_pct", {d.interval_pct.low, d.interval_pct.high}},
        {"p_value", d.p_value}, {"significant", d.significant},
        {"primary_normalized_change_pct", d.normalized_change_pct},
        {"primary_normalized_p_value", d.normalized_p ? ordered_json(*d.normalized_p) : ordered_json(nullptr)}};
  }
  for (size_t i = 1; i < c.between.size(); ++i) {
    if (!c.between[i]) continue;
    const auto& b = *c.between[i];
    j["sets"][i]["between_sessions"] = {
        {"applied", b.applied}, {"past_sessions", b.sittings}, {"primary_between_sd_pct", b.primary_between_pct},
        {"within_only_p_value", b.welch_p ? ordered_json(*b.welch_p) : ordered_json(nullptr)},
        {"why_not", b.why_not}};
  }
  for (size_t i = 1; i < c.work_sentinel.size(); ++i) {
    if (!c.work_sentinel[i]) continue;
    const auto& w = *c.work_sentinel[i];
    j["sets"][i]["work_sentinel"] = {
        {"r", w.tracking.correlation.r}, {"tracking_r", w.tracking.tracking_r},
        {"p_value", w.tracking.correlation.p_value}, {"runs", w.tracking.correlation.n},
        {"required_r", w.tracking.required_r}, {"normalized", w.tracking.normalize}, {"reason", w.tracking.reason},
        {"primary_normalized_change_pct",
         w.normalized_change_pct ? ordered_json(*w.normalized_change_pct) : ordered_json(nullptr)},
        {"primary_normalized_p_value", w.normalized_p ? ordered_json(*w.normalized_p) : ordered_json(nullptr)}};
  }
  j["underneath"] = underneath_json(c);
  j["underneath_family"] = {{"test", stats::to_string(c.underneath.test)},
                            {"tests", c.underneath.tests},
                            {"correction", "benjamini-hochberg"},
                            {"q", c.options.alpha}};
  j["histograms"] = histograms_json(c);
  j["profile"] = profile_json(c);
  j["notes"] = ordered_json::array();
  for (const auto& note : c.notes) j["notes"].push_back(note.full);
  return j.dump(2) + "\n";
}

}  // namespace schedlab
