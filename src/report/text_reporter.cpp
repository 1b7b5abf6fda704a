#include "report/text_reporter.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "report/table.h"

namespace schedlab {
namespace {

constexpr int kNumberWidth = 9;

std::string value_or_dash(const RunRecord& run, const std::string& name, int decimals) {
  auto v = run.values.get(name);
  return v ? format_number(*v, kNumberWidth, decimals) : "-";
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

std::string format_summary(const ResultSet& set) {
  std::string out = fmt::format("\n{} ({})  copies {} on CPUs {}  {} runs  {}  [{}]\n",
                                set.workload.name, describe_params(set),
                                set.scenario.requested.value("copies", std::string("?")),
                                cpu_set_of(set), set.runs.size(), set.label, to_string(set.status));
  if (set.runs.empty()) return out + "no run completed\n";
  Table table({"metric", "mean", "median", "stddev", "min", "max", "CoeffVar"});
  const auto summary = set.summarize();
  for (const auto& metric : set.metrics) {
    auto it = summary.find(metric.name);
    if (it == summary.end()) continue;
    const Summary& s = it->second;
    table.add_row({metric.name, format_number(s.mean, kNumberWidth),
                   format_number(s.median, kNumberWidth), format_number(s.stddev, kNumberWidth),
                   format_number(s.min, kNumberWidth), format_number(s.max, kNumberWidth),
                   format_number(s.cv_pct, kNumberWidth - 2) + "%"});
  }
  return out + table.render(true);
}

void TextReporter::run_started(const ResultSet& set, int index, int total) {
  total_ = total;
  if (progress_) *progress_ << fmt::format("\r{}: run {}/{} ...", set.workload.name, index, total) << std::flush;
}

void TextReporter::run_finished(const ResultSet& set, const RunRecord& run) {
  if (progress_) *progress_ << "\r\033[K" << std::flush;
  if (labelled_) out_ << "[" << set.label << "] ";
  out_ << format_run_line(set, run, total_);
  for (const auto& w : set.warnings)
    if (w.run == run.index) out_ << fmt::format("  {}: {}\n", w.kind, w.detail);
  out_ << run.display;
  out_.flush();
}

void TextReporter::experiment_started(const std::vector<ResultSet>& sets) {
  std::vector<std::string> said;
  for (const auto& set : sets)
    for (const auto& w : set.warnings) {
      if (w.run != 0 || std::find(said.begin(), said.end(), w.detail) != said.end()) continue;
      out_ << fmt::format("note: {}\n", w.detail);
      said.push_back(w.detail);
    }
  out_.flush();
}

void TextReporter::finish(const ResultSet& set) {
  if (progress_) *progress_ << "\r\033[K" << std::flush;
  out_ << format_summary(set);
  out_.flush();
}

}  // namespace schedlab
