#include "report/html/report.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "report/html/document.h"
#include "report/html/escape.h"
#include "report/html/profile_part.h"
#include "report/html/sections.h"

namespace schedlab::html {
namespace {

std::string title_of(const Comparison& c) {
  const auto& base = c.sets.front();
  return fmt::format("schedlab report: {}, {} set{}", base.workload.name, c.sets.size(),
                     c.sets.size() == 1 ? "" : "s");
}

std::string meta_of(const ReportInput& in) {
  const auto& c = in.comparison;
  const std::string test = c.options.paired ? "a paired t-test" : stats::to_string(c.options.test);
  return fmt::format("<p>Baseline <b>{}</b>; compared with {} at alpha {}. Made {} by {} from {}.</p>\n",
                     escape(c.sets.front().label), escape(test), c.options.alpha, escape(in.created),
                     escape(in.generator), escape(fmt::format("{}", fmt::join(in.inputs, " "))));
}

}  // namespace

std::string render_report(const ReportInput& in) {
  const auto& c = in.comparison;
  const std::vector<Section> candidates = {
      {"comparison", "Comparison", comparison_part(c)},
      {"warnings", "Notes and warnings", warnings_part(c)},
      {"differences", "What differs between the sets", differences_part(c.sets)},
      {"runs", "Runs", runs_part(c)},
      {"profile", "Where the time went", profile_part(c)},
      {"latency", "Latency percentiles", latency_part(c.sets)},
      {"histograms", "Histograms", histograms_part(c)},
      {"cpu", "CPU split", cpu_part(c.sets)},
      {"history", "History in the store", trend_part(in)},
      {"sets", "Sets", sets_part(c.sets)},
  };
  std::vector<Section> sections;
  for (const auto& s : candidates)
    if (!s.body.empty()) sections.push_back(s);
  return html_document(title_of(c), meta_of(in), sections);
}

}  // namespace schedlab::html
