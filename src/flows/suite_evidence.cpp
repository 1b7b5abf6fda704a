#include "flows/suite_evidence.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "compare/comparison.h"
#include "probes/measured_cost.h"
#include "probes/probe.h"
#include "report/table.h"
#include "report/wrap.h"

namespace schedlab {
namespace {

// The probe of `probes` whose descriptor declares `metric`, or "".
std::string probe_of(const std::string& metric, const ProbeList& probes) {
  for (const auto& p : probes)
    for (const auto& m : p->info().metrics)
      if (m.name == metric) return p->info().name;
  return "";
}

// Why `metric` is missing from `set`: its probe was not selected, or could
// not run here.
std::string why_missing(const std::string& metric, const ResultSet& set, const ProbeList& probes) {
  const std::string probe = probe_of(metric, probes);
  if (probe.empty()) return "not recorded by this workload";
  if (set.probes.is_object())
    for (const auto& p : set.probes.value("probes", ordered_json::array()))
      if (p.value("name", "") == probe && !p.value("available", true))
        return fmt::format("{} unavailable: {}", probe, p.value("reason", ""));
  const MeasuredCost* cost = measured_cost(probe, set.workload.name);
  if (cost && !admitted_by_default(probe, set.workload.name))
    return fmt::format("the {} probe is not in the default selection on {}: it costs {:.1f}% there "
                       "(schedlab list --probes); --probes default,{} records it",
                       probe, set.workload.name, cost->pct, probe);
  return fmt::format("the {} probe was not selected (--probes)", probe);
}

std::string cell_text(const std::optional<Cell>& cell, bool base) {
  if (!cell) return "-";
  std::string text = human_number(cell->summary.mean);
  if (!base && cell->test && cell->test->available)
    text += fmt::format(" {}{:+.1f}%{}", cell->test->significant ? '*' : '(', cell->relative_pct,
                        cell->test->significant ? '*' : ')');
  return text;
}

}  // namespace

std::string format_evidence(const Evidence& evidence, const std::vector<ResultSet>& sets,
                            const Registries& registries) {
  if (sets.empty()) return "";
  std::vector<std::string> present, missing;
  for (const auto& m : evidence.metrics)
    (find_metric(sets.front().metrics, m) ? present : missing).push_back(m);
  std::string out = fmt::format("evidence ({}):\n", evidence.question);
  if (!present.empty()) {
    CompareOptions o;
    o.metrics = present;
    const Comparison c = build_comparison(sets, o, registries);
    // Sets by letter, named once below: their labels would not fit 80 columns.
    std::vector<std::string> header = {"metric"}, names;
    for (size_t i = 0; i < c.sets.size(); ++i) {
      header.push_back(std::string(1, static_cast<char>('A' + i % 26)));
      names.push_back(fmt::format("{} = {}", header.back(), c.sets[i].label));
    }
    Table table(header);
    for (const auto& m : c.metrics) {
      std::vector<std::string> row = {m.spec.name};
      for (size_t i = 0; i < m.cells.size(); ++i) row.push_back(cell_text(m.cells[i], i == 0));
      table.add_row(row);
    }
    out += table.render() + wrap(fmt::format("{}", fmt::join(names, "; ")), kTextWidth, "  ", "  ") + "\n";
  }
  for (const auto& m : missing) out += fmt::format("  {}: {}\n", m, why_missing(m, sets.front(), registries.probes));
  return out;
}

}  // namespace schedlab
