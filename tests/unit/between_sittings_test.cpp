// Unit tests for src/compare/between_sittings.cpp: a sequential compare of
// two sittings of one population, apart by the machine's state alone, on
// synthetic sets with known variance components.
#include "compare/between_sittings.h"

#include <gtest/gtest.h>

#include <memory>
#include <random>

#include "compare/comparison.h"
#include "support/samples.h"
#include "support/synthetic_sets.h"
#include "support/registries.h"

namespace schedlab {
namespace {

constexpr double kBetweenSd = 2, kWithinSd = 0.5;  // lps, around 100

ResultSet sitting_set(const std::string& label, const std::vector<double>& lps) {
  ResultSet set = testing::values_set("spawn", {"lps", "loops/s", Better::kHigher, "loops per second"}, lps);
  set.label = label;
  set.environment = {{"system", {{"hostname", "vm1"}}}};
  return set;
}

std::shared_ptr<SittingHistory> history(std::mt19937_64& rng, int sittings) {
  auto h = std::make_shared<SittingHistory>();
  h->host = "vm1";
  std::normal_distribution<double> offset(0, kBetweenSd);
  for (int i = 0; i < sittings; ++i)
    h->sittings.push_back({sitting_set("past", testing::normal_sample(rng, 100 + offset(rng), kWithinSd, 10))});
  return h;
}

bool any_note(const Comparison& c, const std::string& text) {
  for (const auto& n : c.notes)
    if (n.full.find(text) != std::string::npos) return true;
  return false;
}

}  // namespace

// Two sittings 3% apart by the machine's state (between-sitting SD 2%):
// Welch on the runs marks it; with the store's past sittings the test counts
// the between-sitting spread and does not, and says so.
TEST(BetweenSittings, ASittingOffsetIsNotMarkedWithHistory) {
  std::mt19937_64 rng(61);
  const auto a = sitting_set("a", testing::normal_sample(rng, 100, kWithinSd, 10));
  const auto b = sitting_set("b", testing::normal_sample(rng, 103, kWithinSd, 10));
  CompareOptions o;
  const auto without = build_comparison({a, b}, o, testing::registries());
  ASSERT_TRUE(without.metrics.front().cells[1]->test);
  EXPECT_TRUE(without.metrics.front().cells[1]->test->significant) << "today: flagged";
  EXPECT_TRUE(any_note(without, "two sittings")) << "and said to be two sittings";
  EXPECT_TRUE(any_note(without, "--vary"));

  o.history = history(rng, 8);
  const auto with = build_comparison({a, b}, o, testing::registries());
  const auto& cell = *with.metrics.front().cells[1];
  EXPECT_FALSE(cell.test->significant) << cell.test->p_value.value_or(-1);
  EXPECT_EQ(cell.interval_method, "welch+between-sittings");
  ASSERT_TRUE(with.between[1]);
  EXPECT_TRUE(with.between[1]->applied);
  EXPECT_EQ(with.between[1]->sittings, 8u);
  EXPECT_NEAR(with.between[1]->primary_between_pct, kBetweenSd, 1.5);
  EXPECT_TRUE(any_note(with, "8 past sittings"));
  // A change far beyond the machine's sittings is still marked.
  const auto far = build_comparison({a, sitting_set("c", testing::normal_sample(rng, 125, kWithinSd, 10))}, o, testing::registries());
  EXPECT_TRUE(far.metrics.front().cells[1]->test->significant);
}

// Too few past sittings, another host, interleaved sets: the model is not
// used, and the reason is kept.
TEST(BetweenSittings, NotUsedWithoutEnoughHistoryOrForInterleavedSets) {
  std::mt19937_64 rng(62);
  auto a = sitting_set("a", testing::normal_sample(rng, 100, kWithinSd, 6));
  auto b = sitting_set("b", testing::normal_sample(rng, 103, kWithinSd, 6));
  CompareOptions o;
  o.history = history(rng, 2);
  const auto few = build_comparison({a, b}, o, testing::registries());
  ASSERT_TRUE(few.between[1]);
  EXPECT_FALSE(few.between[1]->applied);
  EXPECT_NE(few.between[1]->why_not.find("needs 3"), std::string::npos) << few.between[1]->why_not;
  o.history = history(rng, 5);
  b.environment = {{"system", {{"hostname", "vm2"}}}};
  EXPECT_FALSE(build_comparison({a, b}, o, testing::registries()).between[1]->applied);
  for (std::size_t i = 0; i < a.runs.size(); ++i) a.runs[i].block = b.runs[i].block = static_cast<int>(i) + 1;
  EXPECT_FALSE(build_comparison({a, b}, o, testing::registries()).between[1]) << "interleaved: paired, no between term";
}

}  // namespace schedlab
