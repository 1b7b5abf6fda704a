#include "report/underneath_format.h"

#include <fmt/format.h>

#include "report/table.h"

namespace schedlab {

std::string format_underneath_text(const Comparison& c) {
  if (c.underneath.empty()) return "";
  std::string out = fmt::format("\nWhat changed underneath (probe metrics, {} at alpha {}, largest effect first):\n",
                                c.options.paired ? "welch (unpaired)" : stats::to_string(c.options.test), c.options.alpha);
  size_t set = 0;
  for (const auto& u : c.underneath) {
    if (u.set != set) {
      set = u.set;
      out += fmt::format("  {} vs {}:\n", c.sets[set].label, c.sets.front().label);
    }
    out += fmt::format("    {:<30} {:+7.1f}% ({})  {} -> {} {}\n", u.shown, u.change_pct, p_text(u.p_value),
                       human_number(u.base_mean), human_number(u.mean), u.unit);
  }
  return out;
}

std::string format_underneath_csv(const Comparison& c) {
  if (c.underneath.empty()) return "";
  std::string out = "\nunderneath_set,metric,unit,base_mean,mean,change_pct,p_value,effect_size_hedges_g\n";
  for (const auto& u : c.underneath)
    out += fmt::format("{},{},{},{},{},{},{},{}\n", csv_field(c.sets[u.set].label), u.metric, csv_field(u.unit),
                       u.base_mean, u.mean, u.change_pct, u.p_value ? fmt::format("{}", *u.p_value) : "",
                       u.effect_size);
  return out;
}

ordered_json underneath_json(const Comparison& c) {
  ordered_json out = ordered_json::array();
  for (const auto& u : c.underneath)
    out.push_back({{"label", c.sets[u.set].label}, {"metric", u.metric}, {"shown", u.shown},
                   {"unit", u.unit}, {"base_mean", u.base_mean}, {"mean", u.mean},
                   {"change_pct", u.change_pct}, {"p_value", u.p_value ? ordered_json(*u.p_value) : ordered_json(nullptr)},
                   {"effect_size_hedges_g", u.effect_size}});
  return out;
}

}  // namespace schedlab
