#include "report/formats.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "core/error.h"
#include "core/version.h"
#include "report/compare_reporters.h"
#include "report/history_format.h"
#include "report/html/report.h"
#include "report/trend_format.h"

namespace schedlab {
namespace {

// The page `report` writes, without the store's history beside it.
std::string format_html(const Comparison& c) {
  return html::render_report({c, {}, std::nullopt, "", utc_now_iso8601(),
                              fmt::format("schedlab {} ({})", tool_version(), tool_git_sha())});
}

}  // namespace

template <typename Data>
typename FormatRegistry<Data>::Format FormatRegistry<Data>::find(const std::string& name) const {
  for (const auto& [n, format] : formats_)
    if (n == name) return format;
  std::vector<std::string> names;
  for (const auto& f : formats_) names.push_back(f.first);
  throw UsageError(option_, name, fmt::format("one of {}", fmt::join(names, ", ")));
}

template <typename Data>
std::string FormatRegistry<Data>::type_name() const {
  std::vector<std::string> names;
  for (const auto& f : formats_) names.push_back(f.first);
  return fmt::format("{}", fmt::join(names, "|"));
}

template class FormatRegistry<Comparison>;
template class FormatRegistry<std::vector<store::SetRow>>;
template class FormatRegistry<store::Trend>;

const FormatRegistry<Comparison>& comparison_formats() {
  static const FormatRegistry<Comparison> kFormats{
      "--style",
      {{"mmtests", format_mmtests},
       {"lkp", format_lkp},
       {"markdown", format_markdown},
       {"csv", format_csv},
       {"json", format_compare_json},
       {"html", format_html}}};
  return kFormats;
}

const FormatRegistry<std::vector<store::SetRow>>& history_formats() {
  static const FormatRegistry<std::vector<store::SetRow>> kFormats{
      "--style", {{"text", format_history_text}, {"csv", format_history_csv}, {"json", format_history_json}}};
  return kFormats;
}

const FormatRegistry<store::Trend>& trend_formats() {
  static const FormatRegistry<store::Trend> kFormats{
      "--style", {{"text", format_trend_text}, {"json", format_trend_json}}};
  return kFormats;
}

}  // namespace schedlab
