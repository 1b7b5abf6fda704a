#include "report/html/sections.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "compare/run_histograms.h"
#include "report/compare_reporters.h"
#include "report/histogram_format.h"
#include "report/html/comparison_table.h"
#include "report/html/cpu_split_plot.h"
#include "report/html/document.h"
#include "report/html/env_diff.h"
#include "report/html/escape.h"
#include "report/html/histogram_plot.h"
#include "report/html/html_table.h"
#include "report/html/latency_plot.h"
#include "report/html/strip_plot.h"
#include "report/html/trend_plot.h"
#include "report/table.h"

namespace schedlab::html {
namespace {

constexpr std::size_t kLongestShown = 160;  // characters of a value in the differences table

std::string preformatted(const std::string& text) { return "<pre>" + escape(text) + "</pre>\n"; }

std::string list(const std::vector<std::string>& items) {
  std::string out = "<ul class=\"notes\">\n";
  for (const auto& item : items) out += "<li>" + escape(item) + "</li>\n";
  return out + "</ul>\n";
}

bool any_block(const ResultSet& set) {
  for (const auto& run : set.runs)
    if (run.block > 0) return true;
  return false;
}

HtmlCell value_cell(const std::string& value) {
  if (value.size() <= kLongestShown) return {value, "text", "", ""};
  return {value.substr(0, kLongestShown) + "\u2026", "text", value, ""};
}

std::string warnings_table(const std::vector<ResultSet>& sets) {
  HtmlTable table("warnings");
  table.header({"set", "kind", "run", "detail"});
  bool any = false;
  for (const auto& set : sets)
    for (const auto& w : set.warnings) {
      table.row({{set.label, "", "", ""}, {w.kind, "text", "", ""},
                 {w.run ? std::to_string(w.run) : "all", "", "", ""}, {w.detail, "text", "", ""}});
      any = true;
    }
  return any ? table.str() : "";
}

// When the first run started, to the second ("2026-11-30 16:32:48Z"); the
// stored time, to the microsecond, is the cell's tooltip.
HtmlCell first_started(const ResultSet& set) {
  if (set.runs.empty()) return {"-", "", "", ""};
  const std::string& started = set.runs.front().started;
  std::string shown = started.substr(0, std::min<std::size_t>(started.find('.'), 19));
  if (shown.size() == 19 && shown[10] == 'T') shown[10] = ' ';
  if (shown != started) shown += 'Z';
  return {shown, "nowrap", started, ""};
}

}  // namespace

std::string comparison_part(const Comparison& c) {
  if (c.metrics.empty()) return "";
  return paragraph("Centre: Hmean for higher-is-better metrics, else Amean, as mmtests. The change "
                   "against the baseline is in mmtests' convention, positive = better; between stars "
                   "and coloured when the test finds it significant (hover a cell for the p-value, the "
                   "interval of the change and the effect size).") +
         comparison_table(c) + "<details><summary>As <code>schedlab compare</code> prints it</summary>\n" +
         preformatted(format_mmtests(c)) + "</details>\n";
}

std::string warnings_part(const Comparison& c) {
  std::string out;
  std::vector<std::string> notes;  // in full: a page has the room a terminal has not
  for (const auto& n : c.notes) notes.push_back(n.full);
  if (!notes.empty()) out += list(notes);
  out += warnings_table(c.sets);
  return out;
}

std::string differences_part(const std::vector<ResultSet>& sets) {
  if (sets.size() < 2) return "";
  const auto rows = environment_diff(sets);
  if (rows.empty())
    return paragraph("Nothing recorded differs: the same environment, scenario and workload options.");
  HtmlTable table("differences");
  std::vector<std::string> header = {"key"};
  for (const auto& set : sets) header.push_back(set.label);
  table.header(header);
  for (const auto& row : rows) {
    std::vector<HtmlCell> cells = {{row.key, "", "", ""}};
    for (const auto& v : row.values) cells.push_back(value_cell(v));
    table.row(cells);
  }
  return table.str();
}

std::string runs_part(const Comparison& c) {
  bool blocks = false;
  for (const auto& set : c.sets) blocks |= any_block(set);
  std::string out;
  for (const auto& m : c.metrics)
    out += figure(strip_plot(m, c.sets),
                  fmt::format("{}: {}. A dot per run, hollow when the machine was busy; the bar is the "
                              "centre of the table.{}",
                              m.spec.name, m.spec.description,
                              blocks ? " Grey lines join the runs of one --vary block." : ""));
  return out;
}

std::string latency_part(const std::vector<ResultSet>& sets) {
  std::string out;
  std::vector<std::string> problems;
  for (const std::string kind : {"wakeup", "request"}) {
    const auto curves = latency_curves(sets, kind, problems);
    if (curves.empty()) continue;
    out += figure(latency_plot(curves, sets, kind),
                  fmt::format("{} latency: the histograms of every run of a set added together, read "
                              "as the {}_p*_us metrics are; dots at p50, p90, p99, p99.9, p99.99.",
                              kind, kind));
  }
  if (!problems.empty()) out += list(problems);
  return out;
}

std::string histograms_part(const Comparison& c) {
  std::string out;
  std::vector<std::string> problems;
  for (const auto& name : histogram_names(c.sets.front())) {
    const std::string svg = histogram_plot(c, name, problems);
    if (svg.empty()) continue;
    out += figure(svg, fmt::format("{}: the runs of each set pooled, as the share of their values per quarter "
                                   "octave; dots at the quantiles compare tested (hover for the shift against "
                                   "the baseline, its interval and q).",
                                   name));
  }
  if (out.empty()) return "";
  if (!problems.empty()) out += list(problems);
  return out + preformatted(format_histograms_text(c));
}

std::string cpu_part(const std::vector<ResultSet>& sets) {
  std::string out;
  if (const std::string all = cpu_split_plot(sets, "cpu_"); !all.empty())
    out += figure(all, cpu_set_split_is_redundant(sets)
                           ? "All CPUs (/proc/stat over the windows; the runs' CPU set was every CPU), mean "
                             "over the runs."
                           : "All CPUs (/proc/stat over the windows), mean over the runs.");
  if (cpu_set_split_is_redundant(sets)) return out;
  if (const std::string own = cpu_split_plot(sets, "set_cpu_"); !own.empty())
    out += figure(own, "The CPUs the copies could run on, mean over the runs.");
  return out;
}

std::string trend_part(const ReportInput& in) {
  if (!in.trend) return in.trend_note.empty() ? "" : paragraph(in.trend_note);
  std::vector<std::string> compared;
  for (const auto& set : in.comparison.sets)
    compared.push_back(set.environment.value("kernel", ordered_json::object()).value("release", ""));
  const auto& t = *in.trend;
  return paragraph(in.trend_note) +
         figure(trend_plot(t, compared),
                fmt::format("{} {}: {} points, {} change point{} (e-divisive means, alpha {}); ringed: "
                            "the kernels of this report's sets.",
                            t.query.workload, t.metric.name, t.points.size(), t.change_points.size(),
                            t.change_points.size() == 1 ? "" : "s", t.query.change_points.alpha));
}

std::string sets_part(const std::vector<ResultSet>& sets) {
  HtmlTable table("sets");
  table.header({"set", "status", "runs", "first run", "measured by", "command line"});
  for (const auto& set : sets) {
    const std::string status = set.status == Status::kPass ? "PASS" : fmt::format("{}: {}", to_string(set.status), set.error);
    table.row({{set.label, "", "", ""}, {status, "text", "", ""}, {std::to_string(set.runs.size()), "", "", ""},
               first_started(set),
               {fmt::format("{} {}", set.tool.value("version", "?"), set.tool.value("git", "?")), "text nowrap", "", ""},
               {fmt::format("{}", fmt::join(set.argv, " ")), "text", "", ""}});
  }
  return table.str();
}

}  // namespace schedlab::html
