#include "report/html/profile_part.h"

#include <fmt/format.h>

#include <algorithm>
#include <optional>

#include "profile/frame_tree.h"
#include "profile/function_shares.h"
#include "profile/run_profile.h"
#include "report/html/document.h"
#include "report/html/escape.h"
#include "report/html/flame_graph.h"
#include "report/html/html_table.h"
#include "report/profile_format.h"

namespace schedlab::html {
namespace {

constexpr std::size_t kTopFrames = 12;

// Every run's samples of a set added together; nullopt without a profile.
std::optional<profile::FoldedStacks> set_stacks(const ResultSet& set, std::size_t& runs) {
  std::vector<profile::FoldedStacks> all;
  for (const auto& run : set.runs) {
    try {
      if (auto p = profile::run_profile(run)) all.push_back(std::move(p->stacks));
    } catch (const std::exception&) {  // compare's section names the malformed run
    }
  }
  runs = all.size();
  if (all.empty()) return std::nullopt;
  return profile::merged_stacks(all);
}

std::string frame_share(std::uint64_t n, std::uint64_t total) {
  return fmt::format("{:.1f}%", total ? 100.0 * static_cast<double>(n) / static_cast<double>(total) : 0);
}

std::string top_frames(const profile::FoldedStacks& stacks) {
  const auto t = profile::function_counts(stacks);
  std::vector<std::pair<std::string, profile::FunctionCounts>> rows(t.functions.begin(), t.functions.end());
  std::stable_sort(rows.begin(), rows.end(), [](const auto& a, const auto& b) { return a.second.self > b.second.self; });
  rows.resize(std::min(rows.size(), kTopFrames));
  HtmlTable table("top-frames");
  table.header({"function (largest self share)", "self", "children"});
  for (const auto& [name, counts] : rows)
    table.row({{name, "text fn", "", ""}, {frame_share(counts.self, t.total), "", "", ""},
               {frame_share(counts.children, t.total), "", "", ""}});
  return table.str();
}

std::string changes_table(const ProfileComparison& p) {
  if (!p.why_none.empty()) return paragraph(p.why_none);
  if (p.changes.empty())
    return paragraph(fmt::format("No function's share changed significantly ({}, {} shares tested, "
                                 "Benjamini-Hochberg).", p.test, p.tested));
  HtmlTable table("top-frames");
  table.header({"function (tested change)", p.base_label, p.label, "change"});
  for (const auto& f : p.changes)
    table.row({{f.function, "text fn", "", to_string(f.kind)},
               {share_text(f.base), "nowrap", "", ""},
               {share_text(f.other), "nowrap", "", ""},
               {fmt::format("{:+.{}f} pts", f.change_points, supported_decimals(f.other.halfwidth_pct)),
                f.change_points > 0 ? "nowrap worse" : "nowrap better", fmt::format("q = {:.3g}", f.q_value), ""}});
  return table.str();
}

std::string flame_pair(const std::string& svg, const std::string& caption, const std::string& side) {
  return "<div class=\"flame-pair\">\n" + figure(svg, caption) + "<div>\n" + side + "</div>\n</div>\n";
}

}  // namespace

std::string profile_part(const Comparison& c) {
  std::vector<std::optional<profile::FoldedStacks>> stacks;
  std::vector<std::size_t> runs(c.sets.size());
  for (std::size_t i = 0; i < c.sets.size(); ++i) stacks.push_back(set_stacks(c.sets[i], runs[i]));
  if (std::none_of(stacks.begin(), stacks.end(), [](const auto& s) { return s.has_value(); })) return "";
  std::string out = paragraph(
      "Flame graphs of the profile probe's samples (CPU clock, kernel and user call chains): each box a "
      "function on a call path, as wide as its share of the samples, its callees above it. Hover a box for "
      "its figures. Kernel frames end in _[k]; the bottom row is the process.");
  for (std::size_t i = 0; i < c.sets.size(); ++i) {
    if (!stacks[i]) continue;
    const auto tree = profile::frame_tree(*stacks[i]);
    out += "<h3>" + escape(c.sets[i].label) + "</h3>\n" +
           flame_pair(flame_graph(tree, c.sets[i].label + ": flame graph"),
                fmt::format("{}: {} samples of {} runs.", c.sets[i].label, tree.samples, runs[i]),
                top_frames(*stacks[i]));
  }
  for (std::size_t k = 0; k < c.profiles.size(); ++k) {
    const std::size_t i = k + 1;
    if (!stacks[i] || !stacks.front()) continue;
    auto tree = profile::frame_tree(*stacks[i]);
    profile::set_base_shares(tree, *stacks.front());
    out += "<h3>" + escape(c.sets[i].label + " against " + c.sets.front().label) + "</h3>\n" +
           flame_pair(differential_flame_graph(tree, c.sets[i].label + " against " + c.sets.front().label,
                                         c.sets.front().label),
                fmt::format("Widths: {}'s samples. Colour: how each path's share changed against {}: red "
                            "grew, blue shrank, deeper for larger changes (0.1, 0.5, 1, 2, 5 points); the "
                            "table holds the changes the per-run test found.",
                            c.sets[i].label, c.sets.front().label),
                changes_table(c.profiles[k]));
  }
  return out;
}

}  // namespace schedlab::html
