// The machine-friendly comparison styles: markdown, CSV and JSON.
#include <fmt/format.h>

#include "report/compare_reporters.h"
#include "report/table.h"
#include "report/underneath_format.h"

namespace schedlab {
namespace {

std::string p_text(const Cell& cell) {
  if (!cell.test) return "";
  if (!cell.test->available) return "no test";
  return fmt::format("p={:.4f}{}", cell.test->p_value, cell.test->significant ? "*" : "");
}

}  // namespace

std::string format_markdown(const Comparison& c) {
  std::string out = "| metric | unit |";
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
      if (i > 0 && cell->test) out += fmt::format(" ({:+.2f}%, {})", cell->relative_pct, p_text(*cell));
      out += " |";
    }
    out += "\n";
  }
  out += format_underneath_text(c);
  for (const auto& note : c.notes) out += "\n" + note + "\n";
  return out;
}

std::string format_csv(const Comparison& c) {
  std::string out =
      "metric,unit,better,set,status,n,mean,stddev,min,max,cv_pct,change_pct,p_value,significant,test\n";
  for (const auto& m : c.metrics)
    for (size_t i = 0; i < m.cells.size(); ++i) {
      const auto& set = c.sets[i];
      const auto& cell = m.cells[i];
      out += fmt::format("{},{},{},{},{}", m.spec.name, csv_field(m.spec.unit), to_string(m.spec.better),
                         csv_field(set.label), to_string(set.status));
      if (!cell) {
        out += ",0,,,,,,,,,\n";
        continue;
      }
      const auto& s = cell->summary;
      out += fmt::format(",{},{},{},{},{},{}", s.n, s.mean, s.stddev, s.min, s.max, s.cv_pct);
      if (i > 0 && cell->test && cell->test->available)
        out += fmt::format(",{},{},{},{}\n", cell->relative_pct, cell->test->p_value,
                           cell->test->significant ? "yes" : "no",
                           c.options.paired ? "paired-t" : stats::to_string(c.options.test));
      else
        out += ",,,,\n";
    }
  return out + format_underneath_csv(c);
}

std::string format_compare_json(const Comparison& c) {
  ordered_json j;
  j["schema"] = "schedlab.compare/1";
  j["test"] = c.options.paired ? "paired-t" : stats::to_string(c.options.test);
  j["alpha"] = c.options.alpha;
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
          cell["p_value"] = x->test->p_value;
          cell["statistic"] = x->test->statistic;
          cell["significant"] = x->test->significant;
          cell["effect_size_hedges_g"] = x->effect_size;
          if (x->change_interval_pct)
            cell["change_interval_pct"] = {x->change_interval_pct->low, x->change_interval_pct->high};
        }
      }
      jm["sets"].push_back(cell);
    }
    j["metrics"].push_back(jm);
  }
  j["underneath"] = underneath_json(c);
  j["notes"] = c.notes;
  return j.dump(2) + "\n";
}

}  // namespace schedlab
