// Unit tests for src/check/sequential_decision.cpp on synthetic result
// sets (no timing): the baseline's own modes, its drift and the store's
// past sittings decide whether a loss may be called "bad".
#include "check/sequential_decision.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include "stats/set_spread.h"
#include "support/samples.h"
#include "support/synthetic_sets.h"

namespace schedlab {
namespace {

// A set of `command`-like runs: elapsed_s, lower is better.
ResultSet elapsed_set(const std::vector<double>& seconds) {
  ResultSet set = testing::values_set("command", {"elapsed_s", "s", Better::kLower, "wall time"}, seconds);
  set.label = "good";
  return set;
}

// Past sittings of a steady spec: tight within, tight between, near the
// baseline's geometric mean.
std::vector<std::vector<ResultSet>> steady_history(std::mt19937_64& rng) {
  std::vector<std::vector<ResultSet>> past;
  past.reserve(4);
  for (int i = 0; i < 4; ++i) past.push_back({elapsed_set(testing::normal_sample(rng, 1.14, 0.005, 8))});
  return past;
}

Decision decide(const ResultSet& good, const ResultSet& current, const std::vector<std::vector<ResultSet>>& past) {
  const auto in = sequential_inputs(good, nullptr, current, past, 0.05);
  const LookPlan plan = plan_looks(in.good.size(), 3, 15, 0.05);
  return decide_sequential(in, false, Better::kLower, 5, plan, 2);
}

}  // namespace

// The case: a baseline recorded while the machine moved between two
// speed states (0.95 s and 1.37 s), the unchanged program checked now in
// the slow state.  Against the baseline's runs alone the change (+20%) is
// far beyond 5%: that was "bad" before.  The baseline's two modes say the
// machine alone moves this spec that far: undecided (exit 125).
TEST(SequentialDecision, ABimodalBaselineGivesNoBadVerdict) {
  std::mt19937_64 rng(51);
  auto runs = testing::normal_sample(rng, 0.95, 0.004, 5);
  const auto slow_state = testing::normal_sample(rng, 1.37, 0.004, 5);
  runs.insert(runs.end(), slow_state.begin(), slow_state.end());
  const ResultSet good = elapsed_set(runs), current = elapsed_set(testing::normal_sample(rng, 1.37, 0.004, 6));
  const auto warnings = stats::spread_warnings(good);
  ASSERT_FALSE(warnings.empty());
  EXPECT_EQ(warnings.front().kind, "multimodal");

  const auto past = steady_history(rng);
  const auto in = sequential_inputs(good, nullptr, current, past, 0.05);
  EXPECT_EQ(in.model.source, SittingModel::Source::kBaselineModes);
  EXPECT_EQ(in.past_sittings, 4u);
  const Decision d = decide(good, current, past);
  EXPECT_EQ(d.verdict, Verdict::kUndecided);
  EXPECT_EQ(exit_status(d.verdict), 125);
  EXPECT_GT(d.change_pct, 5) << "the loss is there; the machine explains it";
  // The same history and a one-state baseline: the same loss is "bad".
  const ResultSet steady = elapsed_set(testing::normal_sample(rng, 1.14, 0.005, 10));
  EXPECT_TRUE(stats::spread_warnings(steady).empty());
  EXPECT_EQ(decide(steady, current, past).verdict, Verdict::kBad);
}

// The modes bound the machine's own offset; they do not make every loss
// undecidable.  The first version took w(1 - w)d^2 as a variance with 1 df
// and read a 10x slowdown as -99.97% .. +258971%: "cannot tell".  A loss
// far beyond both states (the program 3x slower) is "bad", and the margin is
// the distance from the baseline's mean to its farther state.
TEST(SequentialDecision, ABimodalBaselineStillSeesALossBeyondItsStates) {
  std::mt19937_64 rng(54);
  auto runs = testing::normal_sample(rng, 0.95, 0.004, 5);
  const auto slow_state = testing::normal_sample(rng, 1.37, 0.004, 5);
  runs.insert(runs.end(), slow_state.begin(), slow_state.end());
  const ResultSet good = elapsed_set(runs);
  const ResultSet current = elapsed_set(testing::normal_sample(rng, 3 * 1.37, 0.01, 6));
  const auto in = sequential_inputs(good, nullptr, current, {}, 0.05);
  ASSERT_EQ(in.model.source, SittingModel::Source::kBaselineModes);
  EXPECT_NEAR(in.model.margin, 0.5 * std::log(1.37 / 0.95), 0.01);
  EXPECT_NEAR(in.model.between_pct(), (std::sqrt(1.37 / 0.95) - 1) * 100, 1);
  const Decision d = decide(good, current, {});
  EXPECT_EQ(d.verdict, Verdict::kBad);
  EXPECT_LT(d.interval_pct.high, 1000) << "a bounded interval, not the 1-df one (+258971%)";
  EXPECT_GT(d.interval_pct.low, 100);
}

// A baseline that slid from one state to the other over its runs: flagged
// as a drift, and its halves set the between-sitting term.
TEST(SequentialDecision, ADriftingBaselineGivesNoBadVerdict) {
  std::vector<double> runs;
  runs.reserve(12);
  for (int i = 0; i < 12; ++i) runs.push_back(0.95 + 0.035 * i);
  const ResultSet good = elapsed_set(runs);
  std::mt19937_64 rng(52);
  const ResultSet current = elapsed_set(testing::normal_sample(rng, 1.40, 0.004, 6));
  bool drift = false;
  for (const auto& w : stats::spread_warnings(good)) drift |= w.kind == "drift";
  EXPECT_TRUE(drift);
  const auto past = steady_history(rng);
  EXPECT_NE(sequential_inputs(good, nullptr, current, past, 0.05).model.source, SittingModel::Source::kHistory);
  EXPECT_EQ(decide(good, current, past).verdict, Verdict::kUndecided);
}

// Without past sittings and with a one-state baseline, the between-sitting
// spread is unknown: "bad" withheld, "good" still given.
TEST(SequentialDecision, NoHistoryWithholdsBadOnly) {
  std::mt19937_64 rng(53);
  const ResultSet good = elapsed_set(testing::normal_sample(rng, 1.0, 0.005, 10));
  const auto slow = decide(good, elapsed_set(testing::normal_sample(rng, 1.3, 0.005, 6)), {});
  EXPECT_EQ(slow.verdict, Verdict::kUndecided);
  EXPECT_TRUE(slow.bad_withheld);
  EXPECT_EQ(decide(good, elapsed_set(testing::normal_sample(rng, 1.0, 0.005, 6)), {}).verdict, Verdict::kGood);
}

}  // namespace schedlab
