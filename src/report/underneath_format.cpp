#include "report/underneath_format.h"

#include <fmt/format.h>

#include "report/table.h"

namespace schedlab {

std::string format_underneath_text(const Comparison& c) {
  if (c.underneath.changes.empty()) return "";
  std::string out = fmt::format("\nWhat changed underneath ({} probe-metric tests, {}, BH q <= {}):\n",
                                c.underneath.tests, stats::to_string(c.underneath.test), c.options.alpha);
  size_t set = 0;
  for (const auto& u : c.underneath.changes) {
    if (u.set != set) {
      set = u.set;
      out += fmt::format("  {} vs {}:\n", c.sets[set].label, c.sets.front().label);
    }
    out += fmt::format("    {:<30} {:+7.1f}% ({})  {} -> {} {}\n", u.shown, u.change_pct, q_text(u.q_value),
                       human_number(u.base_mean), human_number(u.mean), u.unit);
  }
  return out;
}

std::string format_underneath_csv(const Comparison& c) {
  if (c.underneath.changes.empty()) return "";
  std::string out = "\nunderneath_set,metric,unit,base_mean,mean,change_pct,p_value,q_value_bh,effect_size_hedges_g\n";
  for (const auto& u : c.underneath.changes)
    out += fmt::format("{},{},{},{},{},{},{},{},{}\n", csv_field(c.sets[u.set].label), u.metric, csv_field(u.unit),
                       u.base_mean, u.mean, u.change_pct, u.p_value, u.q_value, u.effect_size);
  return out;
}

ordered_json underneath_json(const Comparison& c) {
  ordered_json out = ordered_json::array();
  for (const auto& u : c.underneath.changes)
    out.push_back({{"label", c.sets[u.set].label}, {"metric", u.metric}, {"shown", u.shown},
                   {"unit", u.unit}, {"base_mean", u.base_mean}, {"mean", u.mean},
                   {"change_pct", u.change_pct}, {"p_value", u.p_value}, {"q_value_bh", u.q_value},
                   {"effect_size_hedges_g", u.effect_size}});
  return out;
}

}  // namespace schedlab
