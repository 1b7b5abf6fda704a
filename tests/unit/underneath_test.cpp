// compare's "what changed underneath" on synthetic sets: significant probe
// metrics only, per loop where recorded, largest effect first, in every style.
#include <gtest/gtest.h>

#include "compare/comparison.h"
#include "report/compare_reporters.h"
#include "probes/probe.h"
#include "support/sample_result.h"
#include "support/registries.h"

#include <random>

namespace schedlab {
namespace {

ResultSet with_probe_values(const std::string& label, double migrations, double faults, double noise) {
  ResultSet set = testing::sample_set();
  set.label = label;
  set.metrics.push_back({"cpu_migrations", "count", Better::kLower, "m"});
  set.metrics.push_back({"cpu_migrations_per_loop", "count/loop", Better::kLower, "m"});
  set.metrics.push_back({"page_faults_per_loop", "count/loop", Better::kLower, "f"});
  set.metrics.push_back({"psi_cpu_some_us", "us", Better::kLower, "p"});
  const double wiggle[] = {-0.01, 0.0, 0.01};
  for (size_t i = 0; i < set.runs.size(); ++i) {
    auto& v = set.runs[i].values;
    v.set("cpu_migrations", 1000 * (migrations + wiggle[i]));
    v.set("cpu_migrations_per_loop", migrations + wiggle[i]);
    v.set("page_faults_per_loop", faults + wiggle[i]);
    v.set("psi_cpu_some_us", 500 + noise * (static_cast<double>(i) - 1));
  }
  return set;
}

TEST(Underneath, SignificantProbeMetricsPerLoopLargestEffectFirst) {
  const Comparison c = build_comparison({with_probe_values("base", 1.0, 10.0, 300),
                                         with_probe_values("new", 1.41, 10.2, 300)},
                                        CompareOptions{}, testing::registries());
  ASSERT_EQ(c.underneath.changes.size(), 2u);
  EXPECT_EQ(c.underneath.changes[0].shown, "cpu_migrations/loop");
  EXPECT_NEAR(c.underneath.changes[0].change_pct, 41, 0.01);
  EXPECT_EQ(c.underneath.changes[1].metric, "page_faults_per_loop");
  EXPECT_GT(std::fabs(c.underneath.changes[0].effect_size), std::fabs(c.underneath.changes[1].effect_size));
  for (const auto& u : c.underneath.changes) EXPECT_NE(u.metric, "cpu_migrations") << "the per-loop form stands for it";
  for (const auto& u : c.underneath.changes) EXPECT_NE(u.metric, "psi_cpu_some_us") << "noise is not a change";
}

TEST(Underneath, EveryStyleShowsItAfterTheHeadline) {
  const Comparison c = build_comparison({with_probe_values("base", 1.0, 10.0, 1),
                                         with_probe_values("new", 1.41, 10.0, 1)},
                                        CompareOptions{}, testing::registries());
  for (const auto& text : {format_mmtests(c), format_lkp(c), format_markdown(c)}) {
    const auto at = text.find("What changed underneath");
    ASSERT_NE(at, std::string::npos) << text;
    EXPECT_NE(text.find("cpu_migrations/loop", at), std::string::npos) << text;
    EXPECT_NE(text.find("+41.0% (q < 0.001)", at), std::string::npos) << text;
  }
  EXPECT_NE(format_csv(c).find("\nunderneath_set,metric,"), std::string::npos);
  const auto j = nlohmann::json::parse(format_compare_json(c));
  ASSERT_EQ(j["underneath"].size(), 1u);
  EXPECT_EQ(j["underneath"][0]["metric"], "cpu_migrations_per_loop");
}

TEST(Underneath, NothingWhenNothingMoved) {
  const Comparison c = build_comparison({with_probe_values("a", 1.0, 10.0, 1), with_probe_values("b", 1.0, 10.0, 1)},
                                        CompareOptions{}, testing::registries());
  EXPECT_TRUE(c.underneath.changes.empty());
  EXPECT_EQ(format_mmtests(c).find("What changed underneath"), std::string::npos);
}

// Pure-noise A/A experiments: both sides drawn from one population for 24
// side metrics.  Tested at alpha each, most experiments listed a "change"
// (7 of 10 before); under the false-discovery control about alpha of them
// list anything at all.
TEST(Underneath, PureNoiseAAExperimentsListNothingMostOfTheTime) {
  std::vector<std::string> names;
  for (const auto& p : builtin_probes())
    for (const auto& m : p->info().metrics)
      if (names.size() < 24 && m.name.find("_per_loop") == std::string::npos) names.push_back(m.name);
  ASSERT_EQ(names.size(), 24u);
  std::mt19937_64 random(20261202);
  std::normal_distribution<double> noise(100, 10);
  auto noisy = [&](const std::string& label) {
    ResultSet set = testing::sample_set();
    set.label = label;
    for (const auto& n : names) set.metrics.push_back({n, "count", Better::kLower, n});
    for (auto& run : set.runs)
      for (const auto& n : names) run.values.set(n, noise(random));
    for (int extra = 3; extra < 8; ++extra) {  // 8 runs a side, as a default A/B has
      RunRecord run = set.runs.front();
      run.index = extra + 1;
      for (const auto& n : names) run.values.set(n, noise(random));
      set.runs.push_back(run);
    }
    return set;
  };
  int flagged = 0, tests = 0;
  constexpr int kExperiments = 200;
  for (int e = 0; e < kExperiments; ++e) {
    const Comparison c = build_comparison({noisy("a"), noisy("b")}, CompareOptions{}, testing::registries());
    flagged += !c.underneath.changes.empty();
    tests += static_cast<int>(c.underneath.tests);
  }
  EXPECT_GE(tests, kExperiments * 24);  // and the sample set's own CPU split
  EXPECT_LE(flagged, kExperiments * 8 / 100) << "share of A/A experiments with any side metric listed";
}

}  // namespace
}  // namespace schedlab
