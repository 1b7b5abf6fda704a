#include "report/text_reporter.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "report/run_plan.h"
#include "report/table.h"
#include "report/wrap.h"
#include "stats/mean_interval.h"
#include "workloads/builtin.h"

namespace schedlab {
namespace {

constexpr int kNumberWidth = 9;

std::string value_or_dash(const RunRecord& run, const std::string& name, int decimals) {
  auto v = run.values.get(name);
  return v ? format_number(*v, kNumberWidth, decimals) : "-";
}

// "cpu_migrations_per_loop" as "cpu_migrations/loop": the probes' per-loop
// names would otherwise widen the summary past the terminal.
std::string shown_name(const std::string& name) {
  constexpr std::string_view kSuffix = "_per_loop";
  if (name.size() > kSuffix.size() && name.compare(name.size() - kSuffix.size(), kSuffix.size(), kSuffix) == 0)
    return name.substr(0, name.size() - kSuffix.size()) + "/loop";
  return name;
}

}  // namespace

std::string describe_params(const ResultSet& set) {
  std::string out;
  for (const auto& [name, value] : set.workload.params.values()) {
    std::string text = std::visit(
        [](const auto& v) {
          if constexpr (std::is_same_v<std::decay_t<decltype(v)>, std::vector<std::string>>)
            return fmt::format("{}", fmt::join(v, " "));
          else
            return fmt::format("{}", v);
        },
        value);
    if (!text.empty()) out += fmt::format("{}{}={}", out.empty() ? "" : " ", name, text);
  }
  return out;
}

namespace {

// The CPU set as applied (or as requested when nothing was applied yet).
std::string cpu_set_of(const ResultSet& set) {
  for (const auto& a : set.scenario.applied)
    if (a.value("control", "") == "cpus" || a.value("control", "") == "pin-copies")
      return a.value("value", "?");
  return set.scenario.requested.value("cpus", std::string("?"));
}

}  // namespace

std::string format_run_line(const ResultSet& set, const RunRecord& run, int total) {
  const auto& primary = set.workload.primary_metric;
  return fmt::format("run {:>{}}/{}  {} {}  window {:.3f}s  us/sy/id {}/{}/{}  skew {}us\n",
                     run.index, fmt::formatted_size("{}", total), total, primary,
                     value_or_dash(run, primary, 2), run.window_s,
                     value_or_dash(run, "cpu_user_pct", 1), value_or_dash(run, "cpu_sys_pct", 1),
                     value_or_dash(run, "cpu_idle_pct", 1), value_or_dash(run, "start_skew_us", 0));
}

namespace {

// Wrapped: a workload with many options (command, wakeup) makes a header
// wider than the terminal.
std::string heading(const ResultSet& set) {
  return "\n" +
         wrap(fmt::format("{} ({})  copies {} on CPUs {}  {} runs  {}  [{}]", set.workload.name,
                          describe_params(set), set.scenario.requested.value("copies", std::string("?")),
                          cpu_set_of(set), set.runs.size(), set.label, to_string(set.status)),
              kTextWidth, "", "  ") +
         "\n";
}

// "lps 221.5 ± 4.2 (95% CI ±1.9%), CV 1.5%"; the interval when there are
// at least two runs.
std::string headline_line(const std::string& name, const Summary& s, const std::vector<double>& xs,
                          const std::string& unit) {
  std::string line = fmt::format("{} {} {}", shown_name(name), human_number(s.mean), unit);
  if (auto half = stats::mean_interval_halfwidth(xs); half && s.n >= 2)
    line += fmt::format(" \u00b1 {} (95% CI{})", human_number(*half),
                        s.mean != 0 ? fmt::format(" \u00b1{:.1f}%", *half / std::fabs(s.mean) * 100) : "");
  if (s.n >= 2) line += fmt::format(", CV {:.1f}%", s.cv_pct);
  if (s.n >= 2 && s.stddev == 0) line += "  (every run the same: a measurement problem, not precision)";
  return wrap(line, kTextWidth, "  ", "    ") + "\n";
}

// "busy in 2 of 5 runs: <the first one's detail>", one line per kind.
std::string warning_lines(const ResultSet& set) {
  std::map<std::string, std::pair<int, std::string>> by_kind;
  for (const auto& w : set.warnings)
    if (w.run > 0 && ++by_kind[w.kind].first == 1) by_kind[w.kind].second = w.detail;
  std::string out;
  for (const auto& [kind, seen] : by_kind)
    out += wrap(fmt::format("{} in {} of {} runs: {}", kind, seen.first, set.runs.size(), seen.second),
                kTextWidth, "  ", "    ") +
           "\n";
  return out;
}

}  // namespace

std::string format_brief(const ResultSet& set, const WorkloadRegistry& workloads) {
  std::string out = heading(set);
  if (!set.error.empty()) out += wrap(set.error, kTextWidth, "  ", "    ") + "\n";
  if (const std::string off = probes_not_here(set); !off.empty())
    out += wrap("probes not here: " + off, kTextWidth, "  ", "    ") + "\n";
  if (set.runs.empty()) return out + "  no run completed\n";
  const auto summary = set.summarize();
  for (const auto& name : headline_metrics(workloads, set.workload.name, set.workload.primary_metric)) {
    const auto it = summary.find(name);
    const MetricSpec* spec = find_metric(set.metrics, name);
    if (it == summary.end() || !spec) continue;
    std::vector<double> xs;
    for (const auto& run : set.runs)
      if (auto v = run.values.get(name)) xs.push_back(*v);
    out += headline_line(name, it->second, xs, spec->unit);
  }
  return out + warning_lines(set);
}

std::string format_summary(const ResultSet& set) {
  std::string out = heading(set);
  if (set.runs.empty()) return out + "no run completed\n";
  Table table({"metric", "mean", "median", "stddev", "min", "max", "CoeffVar"});
  const auto summary = set.summarize();
  for (const auto& metric : set.metrics) {
    auto it = summary.find(metric.name);
    if (it == summary.end()) continue;
    const Summary& s = it->second;
    table.add_row({shown_name(metric.name), format_number(s.mean, kNumberWidth),
                   format_number(s.median, kNumberWidth), format_number(s.stddev, kNumberWidth),
                   format_number(s.min, kNumberWidth), format_number(s.max, kNumberWidth),
                   format_number(s.cv_pct, kNumberWidth - 2) + "%"});
  }
  return out + table.render(true);
}

void TextReporter::run_started(const ResultSet& set, int index, int total) {
  total_ = total;
  clock_.run_started();
  show_progress(set, index, 0, 0);
}

void TextReporter::window_progress(const ResultSet& set, int index, double elapsed_s, double length_s) {
  show_progress(set, index, elapsed_s, length_s);
}

// "[autogroup=off] spawn run 3/10  window 4/10s  run 7 of 20, ETA 1m32s"
void TextReporter::show_progress(const ResultSet& set, int index, double elapsed_s, double length_s) {
  if (!progress_.active()) return;
  const std::string where = labelled_ ? "[" + set.label + "] " : "";
  const std::string window = length_s > 0 ? fmt::format("window {:.0f}/{:.0f}s", elapsed_s, length_s)
                                          : fmt::format("{:.0f}s", elapsed_s);
  progress_.show(fmt::format("{}{}{} run {}/{}  {}  {} of {} runs done, ETA {}", prefix_, where,
                             set.workload.name, index, total_, window, clock_.done(), clock_.total(),
                             format_eta(clock_.remaining(elapsed_s) + eta_after_s_)));
}

void TextReporter::run_finished(const ResultSet& set, const RunRecord& run) {
  clock_.run_finished();
  progress_.clear();
  if (!full_) return;  // the set's brief says what the runs did; --all shows each
  const std::string line = format_run_line(set, run, total_);
  if (labelled_) {
    const std::string label = "[" + set.label + "]";
    // Within 80 columns: a long label goes on a line of its own.
    out_ << label << (label.size() + line.size() > kTextWidth ? "\n  " : " ");
  }
  out_ << line;
  for (const auto& w : set.warnings)
    if (w.run == run.index) out_ << wrap(fmt::format("{}: {}", w.kind, w.detail), kTextWidth, "  ", "    ") << "\n";
  out_ << run.display;
  out_.flush();
}

void TextReporter::experiment_started(const std::vector<ResultSet>& sets) {
  clock_.plan(sets);
  std::vector<std::string> said;
  for (const auto& set : sets)
    for (const auto& w : set.warnings) {
      if (w.run != 0 || std::find(said.begin(), said.end(), w.detail) != said.end()) continue;
      out_ << wrap("note: " + w.detail, kTextWidth, "", "  ") << "\n";
      said.push_back(w.detail);
    }
  out_.flush();
}

void TextReporter::finish(const ResultSet& set) {
  progress_.clear();
  out_ << (full_ ? format_summary(set) : format_brief(set, workloads_));
  out_.flush();
}

}  // namespace schedlab
