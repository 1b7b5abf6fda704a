// Unit tests for src/core/registry.cpp and the built-in workload list.
#include "core/registry.h"

#include <gtest/gtest.h>

#include "workloads/builtin.h"

namespace schedlab {

TEST(Registry, EditDistance) {
  EXPECT_EQ(edit_distance("spawn", "spawn"), 0u);
  EXPECT_EQ(edit_distance("spwn", "spawn"), 1u);
  EXPECT_EQ(edit_distance("", "abc"), 3u);
}

TEST(Registry, FindsAndSuggests) {
  const auto workloads = builtin_workloads();
  ASSERT_NE(workloads.find("spawn"), nullptr);
  EXPECT_EQ(workloads.find("nope"), nullptr);
  EXPECT_EQ(workloads.did_you_mean("spwan"), "spawn");
  EXPECT_EQ(workloads.did_you_mean("contxt"), "context");
  EXPECT_EQ(workloads.did_you_mean("completely-different"), std::nullopt);
}

TEST(Registry, EveryWorkloadDeclaresItsPrimaryMetric) {
  const auto workloads = builtin_workloads();
  for (const auto& w : workloads.items()) {
    const auto& info = w->info();
    EXPECT_NE(find_metric(info.metrics, info.primary_metric), nullptr) << info.name;
    for (const auto& p : info.params) {
      if (!p.default_text.empty()) {
        EXPECT_NO_THROW(parse_param(p, p.default_text)) << p.name;
      }
    }
  }
}

}  // namespace schedlab
