// compare/claim: a reported regression's claim judged on an interleaved A/B
// — reproduced, not reproduced here, cannot tell — never "not significant"
// passed off as "no regression".
#include <gtest/gtest.h>

#include "compare/claim.h"
#include "support/synthetic_sets.h"
#include "support/registries.h"

namespace schedlab {
namespace {

// An autogroup=off/on A/B of `n` interleaved blocks: base values, then the
// changed side's as base * (1 + change) + jitter.
std::vector<ResultSet> ab(double change, double jitter_pct, int n = 8, double sigma = 0) {
  std::vector<ResultSet> sets;
  for (const char* side : {"off", "on"}) {
    ResultSet s = testing::synthetic_set({.mean = 10000, .sigma = 1, .runs = n});
    s.label = std::string("autogroup=") + side;
    s.scenario.requested["vary"] = {{"autogroup", side}};
    for (int i = 0; i < n; ++i) {
      auto& run = s.runs[static_cast<size_t>(i)];
      run.block = i + 1;
      const double base = 10000 + 300 * ((i % 3) - 1) + sigma * ((i * 7919) % 13 - 6);
      const double wiggle = jitter_pct / 100 * base * (((i * 31) % 5) - 2) / 2.0;
      run.values.set("lps", std::string(side) == "off" ? base : base * (1 + change) + wiggle);
    }
    sets.push_back(s);
  }
  return sets;
}

const Claim kClaim{"lps", {{"autogroup", "off"}}, {{"autogroup", "on"}}, "autogroup on vs off", -10, "-10%"};

}  // namespace

TEST(Claim, AnEffectOfTheReportedSizeIsReproduced) {
  const auto a = judge_claim(kClaim, ab(-0.11, 0.5), testing::registries());
  EXPECT_EQ(a.verdict, ClaimVerdict::kReproduced) << a.why;
  ASSERT_TRUE(a.interval_pct);
  EXPECT_LT(a.interval_pct->high, 0);
  EXPECT_EQ(a.test, "paired-t") << "the A/B was interleaved";
}

TEST(Claim, NoEffectWithATightIntervalIsNotReproduced) {
  const auto a = judge_claim(kClaim, ab(0.0, 0.5), testing::registries());
  EXPECT_EQ(a.verdict, ClaimVerdict::kNotReproduced) << a.why;
  EXPECT_NE(a.why.find("excludes the report's -10%"), std::string::npos) << a.why;
}

TEST(Claim, ANoisyABCannotTellAndSaysWhatWouldTell) {
  const auto a = judge_claim(kClaim, ab(-0.05, 40, 4), testing::registries());
  EXPECT_EQ(a.verdict, ClaimVerdict::kCannotTell) << a.why;
  EXPECT_GT(a.blocks_needed, 4u) << a.why;
}

// The shell scenario measured the same 159.97 lpm in every run and then
// claimed it could detect 0.01%.
TEST(Claim, ASideWhoseEveryRunIsTheSameIsAMeasurementProblem) {
  auto sets = ab(-0.1, 0.5);
  for (auto& run : sets[0].runs) run.values.set("lps", 159.97);
  const auto a = judge_claim(kClaim, sets, testing::registries());
  EXPECT_EQ(a.verdict, ClaimVerdict::kMeasurementProblem);
  EXPECT_NE(a.why.find("not precision"), std::string::npos) << a.why;
}

TEST(Claim, AReportBetweenKernelsIsOnlyMeasuredOnOne) {
  Claim kernels = kClaim;
  kernels.between_kernels = true;
  const auto a = judge_claim(kernels, ab(-0.11, 0.5), testing::registries());
  EXPECT_EQ(a.verdict, ClaimVerdict::kMeasured);
  EXPECT_NE(a.why.find("--kernels"), std::string::npos) << a.why;
}

TEST(Claim, AMissingSideIsNoData) {
  Claim other = kClaim;
  other.changed = {{"autogroup", "maybe"}};
  EXPECT_EQ(judge_claim(other, ab(-0.1, 0.5), testing::registries()).verdict, ClaimVerdict::kNoData);
}

// A file whose --vary order is the reverse of the claim's (psi=on,off):
// the tables beside the verdict still start with its base.
TEST(Claim, TablesReadInTheClaimsDirection) {
  auto sets = ab(-0.1, 0.5);
  std::swap(sets[0], sets[1]);
  sets.push_back(sets[0]);
  sets.back().label = "other";
  sets.back().scenario.requested["vary"] = {{"autogroup", "maybe"}};
  const auto ordered = in_claim_order(kClaim, sets);
  ASSERT_EQ(ordered.size(), 3u);
  EXPECT_EQ(ordered[0].label, "autogroup=off");
  EXPECT_EQ(ordered[1].label, "autogroup=on");
  EXPECT_EQ(ordered[2].label, "other");
}

}  // namespace schedlab
