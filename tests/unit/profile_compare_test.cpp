// "Where the time went": per-run function shares tested between sets,
// Benjamini–Hochberg across them, and the section in every compare style
// (golden files; regenerate with SCHEDLAB_UPDATE_GOLDEN=1).
#include <gtest/gtest.h>

#include <sstream>

#include "compare/comparison.h"
#include "compare/profile_changes.h"
#include "profile/run_profile.h"
#include "report/compare_reporters.h"
#include "report/profile_format.h"
#include "support/golden.h"
#include "support/sample_result.h"
#include "support/registries.h"

namespace schedlab {
namespace {

constexpr const char* kPsi =
    "sl-context;main;write;entry_SYSCALL_64_[k];do_syscall_64_[k];schedule_[k];psi_task_switch_[k];"
    "psi_group_change_[k]";
constexpr const char* kPipe = "sl-context;main;write;entry_SYSCALL_64_[k];do_syscall_64_[k];pipe_write_[k]";
constexpr const char* kLoop = "sl-context;main;loop";

void add_profile(RunRecord& run, std::uint64_t psi, std::uint64_t pipe, std::uint64_t loop) {
  profile::RunProfile p;
  p.frequency_hz = 997;
  p.stacks.add(kPsi, psi);
  p.stacks.add(kPipe, pipe);
  p.stacks.add(kLoop, loop);
  p.samples = p.stacks.total();
  p.kernel_samples = psi + pipe;
  run.details[profile::kProfileKey] = profile::profile_json(std::move(p));
}

// PSI's functions shrink from ~10% to ~2-3% of the samples; the pipe and
// the loop take the rest.  Five runs per set, in blocks when `blocked`.
std::vector<ResultSet> psi_sets(bool blocked = true) {
  ResultSet on = testing::sample_set(), off = testing::sample_set();
  on.label = "psi=on";
  off.label = "psi=off";
  on.runs.resize(5, on.runs.front());
  off.runs.resize(5, off.runs.front());
  for (int i = 0; i < 5; ++i) {
    const auto k = static_cast<std::uint64_t>(i);
    on.runs[k].index = off.runs[k].index = i + 1;
    on.runs[k].block = off.runs[k].block = blocked ? i + 1 : 0;
    add_profile(on.runs[k], 40 + 3 * k, 300 + (k * 7) % 5, 60 - k);
    add_profile(off.runs[k], 9 + (k * 3) % 4, 330 + (k * 5) % 7, 61 + k);
  }
  return {on, off};
}

CompareOptions options() {
  CompareOptions o;
  o.metrics = {"lps"};
  return o;
}

const FunctionChange* find(const ProfileComparison& p, const std::string& function, ShareKind kind) {
  for (const auto& c : p.changes)
    if (c.function == function && c.kind == kind) return &c;
  return nullptr;
}

}  // namespace

TEST(ProfileCompare, FindsTheShrinkingFunctionsWithTheirSign) {
  const auto sets = psi_sets();
  const auto p = compare_profiles(sets[0], sets[1], {});
  EXPECT_EQ(p.test, "paired-t");
  EXPECT_EQ(p.base_runs, 5u);
  EXPECT_EQ(p.runs, 5u);
  EXPECT_TRUE(p.why_none.empty()) << p.why_none;
  const auto* self = find(p, "psi_group_change_[k]", ShareKind::kSelf);
  ASSERT_TRUE(self);
  EXPECT_LT(self->change_points, -5);
  EXPECT_TRUE(self->significant);
  EXPECT_LE(self->q_value, 0.05);
  EXPECT_GE(self->q_value, self->p_value) << "adjusted for the family";
  ASSERT_TRUE(self->change_interval);
  EXPECT_LT(self->change_interval->high, 0);
  const auto* children = find(p, "psi_task_switch_[k]", ShareKind::kChildren);
  ASSERT_TRUE(children);
  EXPECT_LT(children->change_points, 0);
  EXPECT_GT(p.tested, p.changes.size()) << "main's children share is ~100% in both: tested, unchanged";
  for (size_t i = 1; i < p.changes.size(); ++i)
    EXPECT_GE(std::fabs(p.changes[i - 1].change_points), std::fabs(p.changes[i].change_points));
}

TEST(ProfileCompare, WelchWithoutBlocksAndTheRowLimit) {
  const auto sets = psi_sets(false);
  ProfileOptions o;
  o.rows = 1;
  const auto p = compare_profiles(sets[0], sets[1], o);
  EXPECT_EQ(p.test, "welch");
  ASSERT_EQ(p.changes.size(), 1u);
  // The floor: only shares at 50% or more in either set are tested — the
  // children shares of main, write and the syscall path (85-100%) and
  // pipe_write's, a leaf whose self share is its children share (75% ->
  // 83%); PSI's functions (~10%) and the loop (~15%) are not.
  o.rows = 10;
  o.floor_pct = 50;
  const auto high = compare_profiles(sets[0], sets[1], o);
  EXPECT_LT(high.tested, compare_profiles(sets[0], sets[1], {}).tested);
  ASSERT_FALSE(high.changes.empty());
  for (const auto& c : high.changes) {
    EXPECT_GE(std::max(c.base.mean_pct, c.other.mean_pct), 50) << c.function;
    EXPECT_EQ(c.function.find("psi_"), std::string::npos) << c.function;
  }
  EXPECT_TRUE(find(high, "pipe_write_[k]", ShareKind::kSelf));
  EXPECT_FALSE(find(high, "loop", ShareKind::kSelf));
}

TEST(ProfileCompare, SaysWhyNothingWasTested) {
  auto sets = psi_sets();
  ResultSet bare = testing::sample_set();
  bare.probes = {{"selection", "default,profile"},
                 {"probes", {{{"name", "profile"}, {"available", false}, {"reason", "kallsyms hidden"}}}}};
  EXPECT_NE(compare_profiles(bare, sets[1], {}).why_none.find("kallsyms hidden"), std::string::npos);
  EXPECT_NE(compare_profiles(sets[0], testing::sample_set(), {}).why_none.find("without the profile probe"),
            std::string::npos);
  sets[1].runs.resize(1);
  EXPECT_NE(compare_profiles(sets[0], sets[1], {}).why_none.find("at least 2 runs"), std::string::npos);
  auto corrupt = psi_sets();
  for (auto& run : corrupt[1].runs) run.details["profile"]["stacks"] = "AAAA";
  EXPECT_NE(compare_profiles(corrupt[0], corrupt[1], {}).why_none.find("zlib"), std::string::npos);
  EXPECT_FALSE(has_profile(testing::sample_set()));
  EXPECT_TRUE(has_profile(psi_sets()[0]));
}

TEST(ProfileCompare, DigitsFollowTheInterval) {
  EXPECT_EQ(supported_decimals(0.34), 1);
  EXPECT_EQ(supported_decimals(0.034), 2);
  EXPECT_EQ(supported_decimals(3.4), 0);
  EXPECT_EQ(supported_decimals(std::nullopt), 1);
  EXPECT_EQ(supported_decimals(1e-9), 3);
  EXPECT_EQ(share_text({12.345, 0.34, {}}), "12.3 \u00b10.3%");
  EXPECT_EQ(share_text({12.345, 2.5, {}}), "12 \u00b12%");
  FunctionChange c;
  c.function = "psi_group_change_[k]";
  EXPECT_EQ(lkp_profile_name(c), "perf-profile.self.cpu-clock.psi_group_change");
}

TEST(ProfileCompare, GoldenSectionInEveryStyle) {
  const auto c = build_comparison(psi_sets(), options(), testing::registries());
  ASSERT_EQ(c.profiles.size(), 1u);
  const auto mmtests = format_mmtests(c);
  testing::expect_golden("compare/profile_mmtests.txt", mmtests);
  std::istringstream lines(mmtests);
  for (std::string line; std::getline(lines, line);) EXPECT_LE(line.size(), 82u) << line;  // ± is 2 bytes
  testing::expect_golden("compare/profile_lkp.txt", format_lkp(c));
  testing::expect_golden("compare/profile_markdown.md", format_markdown(c));
  testing::expect_golden("compare/profile.csv", format_csv(c));
  const auto j = nlohmann::json::parse(format_compare_json(c));
  ASSERT_EQ(j["profile"].size(), 1u);
  const auto& p = j["profile"][0];
  EXPECT_EQ(p["label"], "psi=off");
  EXPECT_EQ(p["correction"], "benjamini-hochberg");
  ASSERT_FALSE(p["changes"].empty());
  bool found = false;
  for (const auto& f : p["changes"])
    if (f["function"] == "psi_group_change_[k]" && f["kind"] == "self") {
      found = true;
      EXPECT_TRUE(f["kernel"].get<bool>());
      EXPECT_LT(f["change_points"].get<double>(), 0);
      EXPECT_LE(f["q_value"].get<double>(), 0.05);
    }
  EXPECT_TRUE(found);
}

TEST(ProfileCompare, NoSectionWithoutProfiles) {
  ResultSet a = testing::sample_set(), b = testing::sample_set();
  b.label = "other";
  const auto c = build_comparison({a, b}, options(), testing::registries());
  EXPECT_TRUE(c.profiles.empty());
  EXPECT_EQ(format_mmtests(c).find("Where the time went"), std::string::npos);
  EXPECT_TRUE(nlohmann::json::parse(format_compare_json(c))["profile"].empty());
}

}  // namespace schedlab
