// Unit tests for src/guest/boot_merge.cpp: boots' runs become one set per
// kernel whose blocks pair with the other kernels' boots.
#include "guest/boot_merge.h"

#include <gtest/gtest.h>

#include <stdexcept>

#include "support/sample_result.h"

namespace schedlab::guest {
namespace {

// What one guest brings back: `runs` runs of the sample set, sequence 0...
ResultSet guest_set(int runs, const std::string& label = "cloud") {
  ResultSet set = testing::sample_set();
  set.label = label;
  set.runs.resize(static_cast<std::size_t>(runs));
  for (int i = 0; i < runs; ++i) set.runs[static_cast<std::size_t>(i)].sequence = i;
  set.warnings = {{"fidelity", 0, "a set-wide note"}, {"busy", runs, "the last run was busy"}};
  return set;
}

// The kernel's set before any boot, as the host describes it.
ResultSet empty_set(const std::string& label = "cloud") {
  ResultSet set;
  set.label = label;
  set.guest = {{"accel", "tcg"}};
  set.emulated = true;
  return set;
}

}  // namespace

TEST(BootMerge, RunsCarryTheirBootAndABlockThatPairsAcrossKernels) {
  std::vector<ResultSet> sets = {empty_set()};
  EXPECT_EQ(add_boot_sets(sets, {guest_set(2)}, {1, 2, 2, 0}), 2);
  EXPECT_EQ(add_boot_sets(sets, {guest_set(2)}, {2, 1, 2, 5}), 2);
  const auto& runs = sets[0].runs;
  ASSERT_EQ(runs.size(), 4u);
  EXPECT_EQ(runs[0].boot, 1);
  EXPECT_EQ(runs[0].block, 3);  // block 2 of 2-run boots: (2 - 1) x 2 + 1
  EXPECT_EQ(runs[1].block, 4);
  EXPECT_EQ(runs[2].boot, 2);
  EXPECT_EQ(runs[2].block, 1);
  EXPECT_EQ(runs[3].block, 2);
  EXPECT_EQ(runs[2].sequence, 5);
  for (int i = 0; i < 4; ++i) EXPECT_EQ(runs[static_cast<std::size_t>(i)].index, i + 1);
}

TEST(BootMerge, TheFirstBootDescribesTheSetAndTheHostsRecordStays) {
  std::vector<ResultSet> sets = {empty_set()};
  add_boot_sets(sets, {guest_set(1)}, {1, 1, 1, 0});
  add_boot_sets(sets, {guest_set(1)}, {2, 2, 1, 1});
  const ResultSet& set = sets[0];
  EXPECT_EQ(set.environment["kernel"]["release"], "6.13.1");  // the guest's fingerprint
  EXPECT_EQ(set.guest["accel"], "tcg");
  EXPECT_TRUE(set.emulated);
  ASSERT_EQ(set.warnings.size(), 3u);  // the set-wide note once, each boot's busy run renumbered
  EXPECT_EQ(set.warnings[1].run, 1);
  EXPECT_EQ(set.warnings[2].run, 2);
}

TEST(BootMerge, VariedRunsKeepTheirOwnBlockInsideTheBoot) {
  std::vector<ResultSet> sets = {empty_set("k a=1"), empty_set("k a=2")};
  std::vector<ResultSet> boot = {guest_set(2, "k a=1"), guest_set(2, "k a=2")};
  for (auto& set : boot) {
    set.runs[0].block = 2;  // the guest ran its --vary blocks in this order
    set.runs[1].block = 1;
  }
  EXPECT_EQ(add_boot_sets(sets, boot, {1, 3, 2, 0}), 4);
  EXPECT_EQ(sets[1].runs[0].block, 6);
  EXPECT_EQ(sets[1].runs[1].block, 5);
}

TEST(BootMerge, SetsThatDoNotMatchAreRefused) {
  std::vector<ResultSet> sets = {empty_set()};
  EXPECT_THROW(add_boot_sets(sets, {guest_set(1, "rt")}, {1, 1, 1, 0}), std::runtime_error);
  EXPECT_THROW(add_boot_sets(sets, {}, {1, 1, 1, 0}), std::runtime_error);
}

}  // namespace schedlab::guest
