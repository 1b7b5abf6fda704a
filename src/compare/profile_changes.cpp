#include "compare/profile_changes.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "core/descriptive.h"
#include "profile/function_shares.h"
#include "profile/run_profile.h"
#include "stats/mean_interval.h"
#include "stats/multiple_testing.h"

namespace schedlab {
namespace {

struct RunShares {
  int block = 0;
  profile::FunctionTable table;
};

// The profiles of a set's runs; a malformed one is skipped and named.
std::vector<RunShares> profiles_of(const ResultSet& set, std::string& problem) {
  std::vector<RunShares> out;
  if (set.status != Status::kPass) return out;
  for (const auto& run : set.runs) {
    try {
      if (auto p = profile::run_profile(run); p && p->samples > 0)
        out.push_back({run.block, profile::function_counts(p->stacks)});
    } catch (const std::exception& e) {
      problem = fmt::format("run {} of {}: {}", run.index, set.label, e.what());
    }
  }
  return out;
}

// Why a set has no profile, from what it recorded.
std::string why_no_profile(const ResultSet& set) {
  if (set.status != Status::kPass) return fmt::format("{} is {}", set.label, to_string(set.status));
  // A set from before probes existed has no `probes` (null), an old run no
  // details: neither is an error, only a set without a profile.
  if (set.probes.is_object() && set.probes.contains("probes") && set.probes["probes"].is_array())
    for (const auto& p : set.probes["probes"])
      if (p.is_object() && p.value("name", "") == "profile" && !p.value("available", true))
        return fmt::format("{}: the profile probe could not run: {}", set.label, p.value("reason", "?"));
  for (const auto& run : set.runs) {
    if (!run.details.is_object() || !run.details.contains("probes_unavailable")) continue;
    const auto& unavailable = run.details["probes_unavailable"];
    if (unavailable.is_object() && unavailable.contains("profile") && unavailable["profile"].is_string())
      return fmt::format("{}: {}", set.label, unavailable["profile"].get<std::string>());
  }
  return fmt::format("{} was recorded without the profile probe (--probes ...,profile)", set.label);
}

double share_pct(const profile::FunctionTable& t, const std::string& function, ShareKind kind) {
  const auto it = t.functions.find(function);
  if (it == t.functions.end() || t.total == 0) return 0;
  const auto n = kind == ShareKind::kSelf ? it->second.self : it->second.children;
  return 100.0 * static_cast<double>(n) / static_cast<double>(t.total);
}

std::vector<double> shares_per_run(const std::vector<RunShares>& runs, const std::string& function, ShareKind kind) {
  std::vector<double> xs;
  xs.reserve(runs.size());
  for (const auto& r : runs) xs.push_back(share_pct(r.table, function, kind));
  return xs;
}

// The runs of both sets paired by block, when every run has one and at
// least two blocks are shared; else nothing (Welch is used).
std::vector<std::pair<std::size_t, std::size_t>> pairs_by_block(const std::vector<RunShares>& a,
                                                                const std::vector<RunShares>& b) {
  std::map<int, std::size_t> by_block;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (a[i].block <= 0) return {};
    by_block[a[i].block] = i;
  }
  std::vector<std::pair<std::size_t, std::size_t>> pairs;
  for (std::size_t j = 0; j < b.size(); ++j) {
    if (b[j].block <= 0) return {};
    if (auto it = by_block.find(b[j].block); it != by_block.end()) pairs.emplace_back(it->second, j);
  }
  return pairs.size() >= 2 ? pairs : decltype(pairs){};
}

ShareEstimate share_estimate(const std::vector<double>& xs, double alpha) {
  return {stats::mean(xs), stats::mean_interval_halfwidth(xs, 1 - alpha), xs};
}

std::set<std::string> profiled_functions(const std::vector<RunShares>& a, const std::vector<RunShares>& b) {
  std::set<std::string> names;
  for (const auto* runs : {&a, &b})
    for (const auto& r : *runs)
      for (const auto& [name, counts] : r.table.functions) names.insert(name);
  return names;
}

// Tests one function's share; nullopt when below the floor or untestable.
std::optional<FunctionChange> test_share(const std::vector<RunShares>& a, const std::vector<RunShares>& b,
                                         const std::vector<std::pair<std::size_t, std::size_t>>& pairs,
                                         const std::string& function, ShareKind kind, const ProfileOptions& o) {
  auto xa = shares_per_run(a, function, kind), xb = shares_per_run(b, function, kind);
  FunctionChange c{function, kind, share_estimate(xa, o.alpha), share_estimate(xb, o.alpha)};
  if (std::max(c.base.mean_pct, c.other.mean_pct) < o.floor_pct) return std::nullopt;
  c.change_points = c.other.mean_pct - c.base.mean_pct;
  try {
    if (!pairs.empty()) {
      std::vector<double> pa, pb;
      for (auto [i, j] : pairs) {
        pa.push_back(xa[i]);
        pb.push_back(xb[j]);
      }
      xa = std::move(pa);
      xb = std::move(pb);
    }
    const auto t = pairs.empty() ? stats::welch_t_test(xa, xb, o.alpha) : stats::paired_t_test(xa, xb, o.alpha);
    if (!t.available || !t.p_value || !std::isfinite(*t.p_value)) return std::nullopt;
    c.p_value = *t.p_value;
    c.change_interval = pairs.empty() ? stats::welch_difference_interval(xa, xb, 1 - o.alpha)
                                      : stats::paired_difference_interval(xa, xb, 1 - o.alpha);
  } catch (const std::exception&) {  // Boost.Math domain errors on degenerate input: no test
    return std::nullopt;
  }
  return c;
}

void keep_significant(ProfileComparison& pc, std::vector<FunctionChange> tested, const ProfileOptions& o) {
  std::vector<double> p;
  p.reserve(tested.size());
  for (const auto& c : tested) p.push_back(c.p_value);
  const auto q = stats::benjamini_hochberg(p);
  for (std::size_t i = 0; i < tested.size(); ++i) {
    tested[i].q_value = q[i];
    tested[i].significant = q[i] <= o.alpha;
    if (tested[i].significant) pc.changes.push_back(std::move(tested[i]));
  }
  std::stable_sort(pc.changes.begin(), pc.changes.end(), [](const auto& x, const auto& y) {
    return std::fabs(x.change_points) > std::fabs(y.change_points);
  });
  if (pc.changes.size() > o.rows) pc.changes.resize(o.rows);
}

std::uint64_t samples_of(const std::vector<RunShares>& runs) {
  std::uint64_t n = 0;
  for (const auto& r : runs) n += r.table.total;
  return n;
}

}  // namespace

const char* to_string(ShareKind kind) { return kind == ShareKind::kSelf ? "self" : "children"; }

bool has_profile(const ResultSet& set) {
  for (const auto& run : set.runs)
    if (run.details.is_object() && run.details.contains(profile::kProfileKey)) return true;
  return false;
}

ProfileComparison compare_profiles(const ResultSet& base, const ResultSet& other, const ProfileOptions& o) {
  ProfileComparison pc{base.label, other.label};
  std::string problem;
  const auto a = profiles_of(base, problem), b = profiles_of(other, problem);
  pc.base_runs = a.size();
  pc.runs = b.size();
  pc.base_samples = samples_of(a);
  pc.samples = samples_of(b);
  if (a.empty() || b.empty()) {
    pc.why_none = !problem.empty() ? problem : why_no_profile(a.empty() ? base : other);
    return pc;
  }
  if (a.size() < 2 || b.size() < 2) {
    pc.why_none = fmt::format("a per-run test needs at least 2 runs with a profile in each set ({} has {}, {} has {})",
                              base.label, a.size(), other.label, b.size());
    return pc;
  }
  const auto pairs = o.pair_blocks ? pairs_by_block(a, b) : decltype(pairs_by_block(a, b)){};
  pc.test = pairs.empty() ? "welch" : "paired-t";
  std::vector<FunctionChange> tested;
  for (const auto& name : profiled_functions(a, b))
    for (auto kind : {ShareKind::kSelf, ShareKind::kChildren})
      if (auto c = test_share(a, b, pairs, name, kind, o)) tested.push_back(std::move(*c));
  pc.tested = tested.size();
  if (tested.empty())
    pc.why_none = fmt::format("no function had a share of {}% or more with a spread to test", o.floor_pct);
  else keep_significant(pc, std::move(tested), o);
  return pc;
}

}  // namespace schedlab
