// Unit tests for src/check/verdict.cpp on seeded synthetic sequences.
#include "check/verdict.h"

#include <gtest/gtest.h>

#include <random>

#include "support/samples.h"
#include <vector>

namespace schedlab {
TEST(Verdict, GoodBadAndUndecidedAgainstABaseline) {
  std::mt19937_64 rng(7);
  const auto good = testing::normal_sample(rng, 10000, 100, 10);
  // Same distribution: inside a 5% threshold.
  EXPECT_EQ(decide_against_good(good, testing::normal_sample(rng, 10000, 100, 6), Better::kHigher, 5, 0.05).verdict,
            Verdict::kGood);
  // 30% fewer loops per second: bad.
  const auto bad = decide_against_good(good, testing::normal_sample(rng, 7000, 100, 6), Better::kHigher, 5, 0.05);
  EXPECT_EQ(bad.verdict, Verdict::kBad);
  EXPECT_NEAR(bad.change_pct, -30, 2);
  // A change right at the threshold with few, noisy runs: cannot tell.
  EXPECT_EQ(decide_against_good(good, testing::normal_sample(rng, 9500, 800, 3), Better::kHigher, 5, 0.05).verdict,
            Verdict::kUndecided);
  // Lower is better: 30% more time is bad, 30% less is good.
  EXPECT_EQ(decide_against_good(good, testing::normal_sample(rng, 13000, 100, 5), Better::kLower, 5, 0.05).verdict,
            Verdict::kBad);
  EXPECT_EQ(decide_against_good(good, testing::normal_sample(rng, 7000, 100, 5), Better::kLower, 5, 0.05).verdict,
            Verdict::kGood);
  EXPECT_EQ(decide_against_good(good, std::vector<double>{9000}, Better::kHigher, 5, 0.05).verdict,
            Verdict::kUndecided) << "one run decides nothing";
}

TEST(Verdict, BetweenGoodAndBad) {
  std::mt19937_64 rng(11);
  const auto good = testing::normal_sample(rng, 100, 2, 8), bad = testing::normal_sample(rng, 80, 2, 8);
  EXPECT_EQ(decide_between(good, bad, testing::normal_sample(rng, 99, 2, 5), 0.05).verdict, Verdict::kGood);
  EXPECT_EQ(decide_between(good, bad, testing::normal_sample(rng, 81, 2, 5), 0.05).verdict, Verdict::kBad);
  // Half way, with a wide spread: neither side can be ruled out.
  EXPECT_EQ(decide_between(good, bad, std::vector<double>{70, 90, 110}, 0.05).verdict, Verdict::kUndecided);
}

TEST(Verdict, BaselineLimitShrinksWithMoreBaselineRuns) {
  // mean 100, s = 10: with 3 runs t(2) 4.303 x 10 / sqrt(3) = 24.8%; with 12 runs 6.4%.
  EXPECT_NEAR(baseline_limit_pct(std::vector<double>{90, 100, 110}, 0.05), 24.84, 0.01);
  std::vector<double> twelve;
  for (int i = 0; i < 4; ++i) twelve.insert(twelve.end(), {90, 100, 110});
  EXPECT_LT(baseline_limit_pct(twelve, 0.05), 7.0);
  EXPECT_EQ(baseline_limit_pct(std::vector<double>{100}, 0.05), 0);
}

TEST(Verdict, ExitStatusesAreGitBisects) {
  EXPECT_EQ(exit_status(Verdict::kGood), 0);
  EXPECT_EQ(exit_status(Verdict::kBad), 1);
  EXPECT_EQ(exit_status(Verdict::kUndecided), 125);
}

// Over many A/A sequences the verdict is almost never "bad".
TEST(Verdict, AaRarelyBad) {
  std::mt19937_64 rng(3);
  int bad = 0;
  for (int i = 0; i < 500; ++i)
    bad += decide_against_good(testing::normal_sample(rng, 100, 3, 6), testing::normal_sample(rng, 100, 3, 6), Better::kHigher, 5, 0.05)
               .verdict == Verdict::kBad;
  EXPECT_LE(bad, 5);
}

}  // namespace schedlab
