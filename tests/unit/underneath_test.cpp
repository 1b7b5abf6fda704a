// compare's "what changed underneath" on synthetic sets: significant probe
// metrics only, per loop where recorded, largest effect first, in every style.
#include <gtest/gtest.h>

#include "compare/comparison.h"
#include "report/compare_reporters.h"
#include "support/sample_result.h"

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
                                        CompareOptions{});
  ASSERT_EQ(c.underneath.size(), 2u);
  EXPECT_EQ(c.underneath[0].shown, "cpu_migrations/loop");
  EXPECT_NEAR(c.underneath[0].change_pct, 41, 0.01);
  EXPECT_EQ(c.underneath[1].metric, "page_faults_per_loop");
  EXPECT_GT(std::fabs(c.underneath[0].effect_size), std::fabs(c.underneath[1].effect_size));
  for (const auto& u : c.underneath) EXPECT_NE(u.metric, "cpu_migrations") << "the per-loop form stands for it";
  for (const auto& u : c.underneath) EXPECT_NE(u.metric, "psi_cpu_some_us") << "noise is not a change";
}

TEST(Underneath, EveryStyleShowsItAfterTheHeadline) {
  const Comparison c = build_comparison({with_probe_values("base", 1.0, 10.0, 1),
                                         with_probe_values("new", 1.41, 10.0, 1)},
                                        CompareOptions{});
  for (const auto& text : {format_mmtests(c), format_lkp(c), format_markdown(c)}) {
    const auto at = text.find("What changed underneath");
    ASSERT_NE(at, std::string::npos) << text;
    EXPECT_NE(text.find("cpu_migrations/loop", at), std::string::npos) << text;
    EXPECT_NE(text.find("+41.0% (p < 0.001)", at), std::string::npos) << text;
  }
  EXPECT_NE(format_csv(c).find("\nunderneath_set,metric,"), std::string::npos);
  const auto j = nlohmann::json::parse(format_compare_json(c));
  ASSERT_EQ(j["underneath"].size(), 1u);
  EXPECT_EQ(j["underneath"][0]["metric"], "cpu_migrations_per_loop");
}

TEST(Underneath, NothingWhenNothingMoved) {
  const Comparison c = build_comparison({with_probe_values("a", 1.0, 10.0, 1), with_probe_values("b", 1.0, 10.0, 1)},
                                        CompareOptions{});
  EXPECT_TRUE(c.underneath.empty());
  EXPECT_EQ(format_mmtests(c).find("What changed underneath"), std::string::npos);
}

}  // namespace
}  // namespace schedlab
