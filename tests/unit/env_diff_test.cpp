// Unit tests for src/report/html/env_diff.cpp.
#include <gtest/gtest.h>

#include "report/html/env_diff.h"
#include "support/sample_result.h"

namespace schedlab::html {
namespace {

std::vector<ResultSet> two_kernels() {
  ResultSet a = testing::sample_set(), b = testing::sample_set();
  a.environment = {{"collected", "2026-11-29T22:00:00Z"},
                   {"kernel", {{"release", "6.13.1"}, {"sched_autogroup_enabled", "1"}}},
                   {"cgroups", {{"depth", 1}, {"mode", "v2"}}},
                   {"cpus", {{"online", {0, 1, 2, 3}}}}};
  b.environment = a.environment;
  b.environment["collected"] = "2026-11-30T08:00:00Z";
  b.environment["kernel"]["release"] = "6.14.0";
  b.environment["cgroups"]["depth"] = 3;
  b.environment["cpus"]["online"] = {0, 1};
  b.scenario.requested["autogroup"] = "off";
  return {a, b};
}

TEST(EnvDiff, OnlyTheKeysThatDifferInTheFirstSetsOrder) {
  const auto rows = environment_diff(two_kernels());
  ASSERT_EQ(rows.size(), 4u);
  EXPECT_EQ(rows[0].key, "kernel.release");
  EXPECT_EQ(rows[0].values, (std::vector<std::string>{"6.13.1", "6.14.0"}));
  EXPECT_EQ(rows[1].key, "cgroups.depth");
  EXPECT_EQ(rows[1].values, (std::vector<std::string>{"1", "3"}));
  EXPECT_EQ(rows[2].key, "cpus.online");
  EXPECT_EQ(rows[2].values, (std::vector<std::string>{"[0,1,2,3]", "[0,1]"}));
  EXPECT_EQ(rows[3].key, "scenario.autogroup");
  EXPECT_EQ(rows[3].values, (std::vector<std::string>{"(absent)", "off"}));
}

TEST(EnvDiff, WorkloadOptionsDifferToo) {
  auto sets = two_kernels();
  sets[1].workload.params.set("method", std::string("vfork"));
  const auto rows = environment_diff(sets);
  ASSERT_EQ(rows.size(), 5u);
  EXPECT_EQ(rows[3].key, "workload.method") << "the first set's keys first, the others' new keys after";
  EXPECT_EQ(rows[3].values, (std::vector<std::string>{"fork", "vfork"}));
  EXPECT_EQ(rows[4].key, "scenario.autogroup");
}

TEST(EnvDiff, SameSetsOrOneSetHaveNoDifferences) {
  const auto sets = two_kernels();
  EXPECT_TRUE(environment_diff({sets[0], sets[0]}).empty()) << "the collection time is not a difference";
  EXPECT_TRUE(environment_diff({sets[0]}).empty());
}

}  // namespace
}  // namespace schedlab::html
