// Unit tests for the scenario controls against fixture trees: sysctl,
// sched features, the cgroup chain, the journal and restore.
#include <gtest/gtest.h>

#include <filesystem>

#include "scenario/cgroup_chain.h"
#include "scenario/journal.h"
#include "scenario/sched_feature_control.h"
#include "scenario/sysctl_control.h"
#include "support/temp_dir.h"

namespace schedlab {

using testing::TempDir;
namespace fs = std::filesystem;

TEST(SysctlControl, AppliesReadsBackAndRestores) {
  TempDir proc, journal_dir;
  proc.write("kernel/sched_autogroup_enabled", "1\n");
  Journal journal(journal_dir.path());
  {
    GuardStack guards;
    auto out = apply_sysctl("autogroup", "kernel.sched_autogroup_enabled", "0", journal, guards,
                            proc.path());
    EXPECT_TRUE(out.applied) << out.detail;
    EXPECT_EQ(proc.read("kernel/sched_autogroup_enabled"), "0");
    EXPECT_TRUE(fs::exists(journal.path())) << "journaled while in force";
  }
  EXPECT_EQ(proc.read("kernel/sched_autogroup_enabled"), "1");
  EXPECT_FALSE(fs::exists(journal.path())) << "nothing outstanding, no journal";
}

TEST(SysctlControl, MissingKeyIsNotAppliedWithAHint) {
  TempDir proc, journal_dir;
  Journal journal(journal_dir.path());
  GuardStack guards;
  auto out = apply_sysctl("sysctl", "kernel.nope", "1", journal, guards, proc.path());
  EXPECT_FALSE(out.applied);
  EXPECT_EQ(out.value, "kernel.nope=1");
  EXPECT_NE(out.detail.find("no sysctl kernel.nope"), std::string::npos);
  EXPECT_FALSE(out.hint.empty());
}

TEST(SysctlControl, PathFromDottedKey) {
  EXPECT_EQ(sysctl_path("kernel.sched_autogroup_enabled"), "/proc/sys/kernel/sched_autogroup_enabled");
}

TEST(SchedFeature, WritesReadsBackAndRestoresTheOriginalToken) {
  TempDir root, journal_dir;
  const std::string debugfs = root.file("debug");
  root.write("debug/sched/features", "GENTLE_FAIR_SLEEPERS TTWU_QUEUE NO_HRTICK\n");
  root.write("mountinfo", "22 1 0:7 / " + debugfs + " rw - debugfs debugfs rw\n");
  Journal journal(journal_dir.path());
  {
    GuardStack guards;
    auto out = apply_sched_feature("NO_TTWU_QUEUE", journal, guards,
                                   {root.file("mountinfo"), debugfs});
    EXPECT_TRUE(out.applied) << out.detail;
    EXPECT_EQ(root.read("debug/sched/features"), "NO_TTWU_QUEUE");
  }
  EXPECT_EQ(root.read("debug/sched/features"), "TTWU_QUEUE") << "the original token written back";
}

TEST(SchedFeature, UnknownFeatureAndAlreadySet) {
  TempDir root, journal_dir;
  root.write("debug/sched/features", "TTWU_QUEUE NO_HRTICK\n");
  root.write("mountinfo", "22 1 0:7 / " + root.file("debug") + " rw - debugfs debugfs rw\n");
  Journal journal(journal_dir.path());
  GuardStack guards;
  const DebugfsPaths paths{root.file("mountinfo"), root.file("debug")};
  EXPECT_FALSE(apply_sched_feature("NO_SUCH", journal, guards, paths).applied);
  auto same = apply_sched_feature("NO_HRTICK", journal, guards, paths);
  EXPECT_TRUE(same.applied);
  EXPECT_FALSE(fs::exists(journal.path())) << "nothing changed, nothing journaled";
}

TEST(CgroupChain, LevelsAreNamedAfterThePid) {
  EXPECT_EQ(chain_levels(3, 42), (std::vector<std::string>{"schedlab-42", "l2", "l3"}));
  EXPECT_TRUE(chain_levels(0, 42).empty());
}

TEST(CgroupChain, CreatesInV2AndV1CpuThenRemoves) {
  TempDir root, journal_dir;
  root.write("unified/cgroup.controllers", "cpu io memory pids\n");
  root.write("unified/cgroup.subtree_control", "");
  fs::create_directories(root.file("cpu"));
  sys::CgroupLayout layout;
  layout.v2_mount = root.file("unified");
  layout.v1_mounts["cpu"] = root.file("cpu");
  Journal journal(journal_dir.path());
  {
    GuardStack guards;
    CgroupChain chain;
    auto out = create_cgroup_chain(3, "/", layout, journal, guards, chain);
    ASSERT_TRUE(out.applied) << out.detail;
    const std::string leaf = "/schedlab-" + std::to_string(getpid()) + "/l2/l3";
    EXPECT_EQ(chain.v2_path, leaf);
    EXPECT_EQ(chain.cpu_v1_path, leaf);
    EXPECT_TRUE(fs::is_directory(root.file("unified") + leaf));
    EXPECT_TRUE(fs::is_directory(root.file("cpu") + leaf));
    EXPECT_EQ(chain.procs_files.size(), 2u);
    EXPECT_EQ(root.read("unified/cgroup.subtree_control"), "+cpu") << "cpu enabled for the chain";
  }
  EXPECT_FALSE(fs::exists(root.file("unified/schedlab-" + std::to_string(getpid()))));
  EXPECT_FALSE(fs::exists(root.file("cpu/schedlab-" + std::to_string(getpid()))));
  EXPECT_EQ(root.read("unified/cgroup.subtree_control"), "-cpu") << "parent's setting restored";
}

TEST(CgroupChain, MissingParentIsNotApplied) {
  TempDir root, journal_dir;
  sys::CgroupLayout layout;
  layout.v2_mount = root.path();
  Journal journal(journal_dir.path());
  GuardStack guards;
  CgroupChain chain;
  auto out = create_cgroup_chain(2, "/no/such", layout, journal, guards, chain);
  EXPECT_FALSE(out.applied);
  EXPECT_NE(out.detail.find("does not exist"), std::string::npos);
}

TEST(Journal, RestoresTheChangesOfADeadRunNewestFirst) {
  TempDir root, journal_dir;
  root.write("a", "changed");
  fs::create_directories(root.file("cg/schedlab-1/l2"));
  // A journal left by a process that is gone (pid 1 never has this start time).
  nlohmann::json j = {{"pid", 1}, {"start_time", 1}, {"changes", nlohmann::json::array()}};
  j["changes"].push_back(Change{Change::Kind::kWrite, root.file("a"), "original", "a -> changed"});
  j["changes"].push_back(Change{Change::Kind::kCgroup, root.file("cg/schedlab-1"), "", "cg top"});
  j["changes"].push_back(Change{Change::Kind::kCgroup, root.file("cg/schedlab-1/l2"), "", "cg leaf"});
  root.write("journal/1.json", j.dump());
  const auto reports = restore_stale_journals(root.file("journal"));
  ASSERT_EQ(reports.size(), 1u);
  EXPECT_EQ(reports[0].undone, (std::vector<std::string>{"cg leaf", "cg top", "a -> changed"}));
  EXPECT_TRUE(reports[0].failed.empty());
  EXPECT_EQ(root.read("a"), "original");
  EXPECT_FALSE(fs::exists(root.file("cg/schedlab-1")));
  EXPECT_FALSE(fs::exists(root.file("journal/1.json")));
}

TEST(Journal, LeavesTheJournalOfALiveRunAlone) {
  TempDir journal_dir;
  Journal journal(journal_dir.path());
  journal.add(Change{Change::Kind::kWrite, "/nonexistent", "x", "live change"});
  EXPECT_TRUE(restore_stale_journals(journal_dir.path()).empty());
  EXPECT_TRUE(fs::exists(journal.path()));
}

}  // namespace schedlab
