#include "report/profile_format.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "compare/underneath.h"
#include "core/utf8.h"
#include "profile/folded_stacks.h"
#include "report/table.h"
#include "report/wrap.h"

namespace schedlab {
namespace {

constexpr std::size_t kFunctionColumns = 24;  // of the text style, which fits 80 columns

std::string q_compact(double q) { return q < 0.001 ? "q<0.001" : fmt::format("q={:.3f}", q); }

// A name cut_name to `width` characters with an ellipsis.
std::string cut_name(const std::string& name, std::size_t width) {
  return utf8_length(name) <= width ? name : utf8_prefix(name, width - 1) + "\u2026";
}

std::optional<double> change_halfwidth(const FunctionChange& c) {
  if (!c.change_interval) return std::nullopt;
  return (c.change_interval->high - c.change_interval->low) / 2;
}

// "-3.2 pts [-3.6, -2.8]": the digits the interval supports, and more while
// an end that is not zero would print as zero ("[-2, -0]" would hide that
// the interval excludes no change).
std::string profile_change_text(const FunctionChange& c) {
  int d = supported_decimals(change_halfwidth(c));
  const auto rounds_to_zero = [&](double v) { return v != 0 && std::fabs(v) < 0.5 * std::pow(10.0, -d); };
  while (c.change_interval && d < 3 &&
         (rounds_to_zero(c.change_interval->low) || rounds_to_zero(c.change_interval->high)))
    ++d;
  std::string out = fmt::format("{:+.{}f} pts", c.change_points, d);
  if (c.change_interval) out += fmt::format(" [{:+.{}f}, {:+.{}f}]", c.change_interval->low, d, c.change_interval->high, d);
  return out;
}

std::string profile_heading(const Comparison& c) {
  return wrap(fmt::format("Where the time went (profile: each function's share of the samples per run; "
                          "Benjamini-Hochberg q <= {} over the shares tested, floor {}%, largest change "
                          "first):",
                          c.options.alpha, c.options.profile_floor_pct),
              kTextWidth);
}

// "psi=off vs psi=on (paired-t, 5 and 5 runs, 9876 and 10432 samples, 214 shares tested)"
std::string comparison_line(const ProfileComparison& p) {
  if (!p.why_none.empty()) return fmt::format("{} vs {}: {}", p.label, p.base_label, p.why_none);
  std::string line = fmt::format("{} vs {} ({}, {} and {} runs, {} and {} samples, {} shares tested)", p.label,
                                 p.base_label, p.test, p.base_runs, p.runs, p.base_samples, p.samples, p.tested);
  if (p.changes.empty()) line += ": no function's share changed significantly";
  return line;
}

// A population standard deviation over the mean, in percent, as LKP's ±.
std::string lkp_value(const ShareEstimate& s) {
  const int d = supported_decimals(s.halfwidth_pct);
  std::string v = fmt::format("{:10.{}f}", s.mean_pct, d);
  if (s.runs_pct.size() < 2 || s.mean_pct <= 0) return v + std::string(6, ' ');
  double ss = 0;
  for (double x : s.runs_pct) ss += (x - s.mean_pct) * (x - s.mean_pct);
  const double pct = 100 * std::sqrt(ss / static_cast<double>(s.runs_pct.size())) / s.mean_pct;
  return pct > 2 ? v + fmt::format(" \u00b1{:3d}%", static_cast<int>(std::min(pct, 999.0))) : v + std::string(6, ' ');
}

}  // namespace

int supported_decimals(std::optional<double> halfwidth) {
  if (!halfwidth || !(*halfwidth > 0) || !std::isfinite(*halfwidth)) return 1;
  return std::clamp(static_cast<int>(-std::floor(std::log10(*halfwidth))), 0, 3);
}

std::string share_text(const ShareEstimate& s) {
  const int d = supported_decimals(s.halfwidth_pct);
  if (!s.halfwidth_pct) return fmt::format("{:.{}f}%", s.mean_pct, d);
  return fmt::format("{:.{}f} \u00b1{:.{}f}%", s.mean_pct, d, *s.halfwidth_pct, d);
}

std::string lkp_profile_name(const FunctionChange& c) {
  std::string name = c.function;
  const auto suffix = profile::kKernelSuffix;
  if (name.size() > suffix.size() && name.ends_with(suffix)) name.resize(name.size() - suffix.size());
  return fmt::format("perf-profile.{}.cpu-clock.{}", to_string(c.kind), name);
}

std::string format_profile_text(const Comparison& c) {
  if (c.profiles.empty()) return "";
  std::string out = "\n" + profile_heading(c) + "\n";
  for (const auto& p : c.profiles) {
    out += wrap(comparison_line(p), kTextWidth, "  ", "    ") + "\n";
    for (const auto& f : p.changes)
      out += fmt::format("  {:<8} {:<{}} {:>11} -> {:<11}{:>9} {}\n", to_string(f.kind),
                         cut_name(f.function, kFunctionColumns), kFunctionColumns, share_text(f.base),
                         share_text(f.other), fmt::format("{:+.{}f}pt", f.change_points,
                                                          supported_decimals(change_halfwidth(f))),
                         q_compact(f.q_value));
  }
  return out;
}

std::string format_profile_markdown(const Comparison& c) {
  if (c.profiles.empty()) return "";
  std::string out = "\n" + profile_heading(c) + "\n";
  for (const auto& p : c.profiles) {
    out += "\n" + comparison_line(p) + "\n";
    if (p.changes.empty()) continue;
    out += fmt::format("\n| share | function | {} | {} | change | q |\n|---|---|---:|---:|---:|---:|\n",
                       p.base_label, p.label);
    for (const auto& f : p.changes)
      out += fmt::format("| {} | `{}` | {} | {} | {} | {} |\n", to_string(f.kind), f.function, share_text(f.base),
                         share_text(f.other), profile_change_text(f), q_text(f.q_value));
  }
  return out;
}

std::string format_profile_lkp(const Comparison& c) {
  if (c.profiles.empty()) return "";
  std::string out = "\n" + profile_heading(c) + "\n";
  for (const auto& p : c.profiles) {
    out += wrap(comparison_line(p), kTextWidth, "  ", "    ") + "\n";
    for (const auto& f : p.changes)
      out += fmt::format("{}{:+10.{}f}  {}  {} [{}]\n", lkp_value(f.base), f.change_points,
                         supported_decimals(change_halfwidth(f)), lkp_value(f.other), lkp_profile_name(f),
                         q_text(f.q_value));
  }
  return out;
}

std::string format_profile_csv(const Comparison& c) {
  bool any = false;
  for (const auto& p : c.profiles) any |= !p.changes.empty();
  if (!any) return "";
  std::string out = "\nprofile_set,kind,function,base_share_pct,base_halfwidth_pct,share_pct,halfwidth_pct,"
                    "change_points,change_low,change_high,p_value,q_value,test\n";
  const auto opt = [](const std::optional<double>& v) { return v ? fmt::format("{}", *v) : std::string(); };
  for (const auto& p : c.profiles)
    for (const auto& f : p.changes)
      out += fmt::format("{},{},{},{},{},{},{},{},{},{},{},{},{}\n", csv_field(p.label), to_string(f.kind),
                         csv_field(f.function), f.base.mean_pct, opt(f.base.halfwidth_pct), f.other.mean_pct,
                         opt(f.other.halfwidth_pct), f.change_points,
                         f.change_interval ? fmt::format("{}", f.change_interval->low) : "",
                         f.change_interval ? fmt::format("{}", f.change_interval->high) : "", f.p_value,
                         f.q_value, p.test);
  return out;
}

ordered_json profile_json(const Comparison& c) {
  ordered_json out = ordered_json::array();
  const auto opt = [](const std::optional<double>& v) { return v ? ordered_json(*v) : ordered_json(nullptr); };
  for (const auto& p : c.profiles) {
    ordered_json j = {{"label", p.label}, {"base_label", p.base_label}, {"base_runs", p.base_runs},
                      {"runs", p.runs}, {"base_samples", p.base_samples}, {"samples", p.samples},
                      {"test", p.test}, {"correction", "benjamini-hochberg"}, {"alpha", c.options.alpha},
                      {"floor_pct", c.options.profile_floor_pct}, {"tested", p.tested}};
    if (!p.why_none.empty()) j["why_none"] = p.why_none;
    j["changes"] = ordered_json::array();
    for (const auto& f : p.changes)
      j["changes"].push_back(
          {{"function", f.function}, {"kernel", f.function.ends_with(profile::kKernelSuffix)},
           {"kind", to_string(f.kind)}, {"lkp_name", lkp_profile_name(f)},
           {"base_share_pct", f.base.mean_pct}, {"base_halfwidth_pct", opt(f.base.halfwidth_pct)},
           {"share_pct", f.other.mean_pct}, {"halfwidth_pct", opt(f.other.halfwidth_pct)},
           {"change_points", f.change_points},
           {"change_interval_points", f.change_interval ? ordered_json{f.change_interval->low, f.change_interval->high}
                                                         : ordered_json(nullptr)},
           {"p_value", f.p_value}, {"q_value", f.q_value}});
    out.push_back(std::move(j));
  }
  return out;
}

}  // namespace schedlab
