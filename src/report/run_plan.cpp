#include "report/run_plan.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cmath>

#include "report/text_reporter.h"
#include "report/wrap.h"

namespace schedlab {
namespace {

std::string probes_line(const ResultSet& set) {
  std::vector<std::string> on;
  if (set.probes.is_object())
    for (const auto& p : set.probes.value("probes", ordered_json::array()))
      if (p.value("available", true)) on.push_back(p.value("name", "?"));
  std::string line = "probes: " + (on.empty() ? std::string("none") : fmt::format("{}", fmt::join(on, ", ")));
  if (const std::string off = probes_not_here(set); !off.empty()) line += "; not here: " + off;
  return line;
}

// "45 s", "3 min 40 s": an estimate, said as one.
std::string rough_time(double seconds) {
  const long s = std::lround(seconds);
  return s < 120 ? fmt::format("{} s", s) : fmt::format("{} min {} s", s / 60, s % 60);
}

// What the scenario resolved to here ("copies" 2, "cpus" "0-1"), from the
// set's applied controls, which describe_set fills before any run.
std::string applied(const ResultSet& s, const std::string& control) {
  for (const auto& a : s.scenario.applied)
    if (a.value("control", "") == control && a.contains("value"))
      return a["value"].is_string() ? a["value"].get<std::string>() : a["value"].dump();
  return "?";
}

std::string variant_text(const PlannedVariant& v) {
  const ResultSet& s = v.described;
  const std::string cpus = applied(s, "cpus") != "?" ? applied(s, "cpus") : applied(s, "pin-copies");
  std::string out = wrap(fmt::format("{} ({})  copies {} on CPUs {}  {}", s.workload.name, describe_params(s),
                                     applied(s, "copies"), cpus, s.label),
                         kTextWidth, "", "  ") +
                    "\n";
  out += fmt::format("  spec {}\n", v.spec_id);
  out += wrap(probes_line(s), kTextWidth, "  ", "    ") + "\n";
  for (const auto& w : s.warnings) out += wrap(fmt::format("{}: {}", w.kind, w.detail), kTextWidth, "  ", "    ") + "\n";
  return out;
}

}  // namespace

std::string probes_not_here(const ResultSet& set) {
  std::vector<std::string> off;
  if (set.probes.is_object())
    for (const auto& p : set.probes.value("probes", ordered_json::array()))
      if (!p.value("available", true)) off.push_back(fmt::format("{} ({})", p.value("name", "?"), p.value("reason", "")));
  return fmt::format("{}", fmt::join(off, "; "));
}

std::string format_run_plan(const RunPlan& plan) {
  std::string out = "dry run: checked, nothing measured, changed or written\n\n";
  for (const auto& v : plan.variants) out += variant_text(v);
  const auto n = plan.variants.size();
  std::string runs = n > 1 ? fmt::format("{} blocks of {} variants in random order (seed {})", plan.runs, n, plan.seed)
                           : fmt::format("{} runs", plan.runs);
  if (plan.warmup_runs > 0) runs += fmt::format(" after {} warmup run{} each", plan.warmup_runs, plan.warmup_runs > 1 ? "s" : "");
  runs += plan.seconds > 0 ? ": about " + rough_time(plan.seconds) : ": each until its iterations are done";
  out += "\n" + wrap(runs, kTextWidth, "", "  ") + "\n";
  out += wrap("results: " + plan.results, kTextWidth, "", "  ") + "\n";
  return out;
}

}  // namespace schedlab
