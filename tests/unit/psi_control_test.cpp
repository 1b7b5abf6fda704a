// --psi on a fixture cgroup chain: written on every level, journaled with
// the old value, read back, restored; refused where the kernel has no
// cgroup.pressure.  And the restore policy for what the probes and --psi
// change: cgroup.pressure in our chains, tracefs instances named like ours.
#include <gtest/gtest.h>

#include <filesystem>

#include "scenario/journal.h"
#include "scenario/psi_control.h"
#include "scenario/restore_policy.h"
#include "support/temp_dir.h"

namespace schedlab {
namespace {

using testing::TempDir;
namespace fs = std::filesystem;

std::vector<std::string> fixture_chain(const TempDir& root, const std::string& value) {
  std::vector<std::string> dirs;
  for (const char* level : {"cg/schedlab-7", "cg/schedlab-7/l2", "cg/schedlab-7/l2/l3"}) {
    root.write(std::string(level) + "/cgroup.pressure", value);
    dirs.push_back(root.file(level));
  }
  return dirs;
}

TEST(PsiControl, WritesEveryLevelReadsBackAndRestores) {
  TempDir root, journal_dir;
  const auto dirs = fixture_chain(root, "1\n");
  Journal journal(journal_dir.file("journal"));
  {
    GuardStack guards;
    const auto out = apply_psi(false, dirs, journal, guards);
    ASSERT_TRUE(out.applied) << out.detail;
    EXPECT_NE(out.detail.find("all 3 levels"), std::string::npos);
    for (const auto& d : dirs) EXPECT_EQ(root.read(fs::relative(d, root.path()).string() + "/cgroup.pressure"), "0");
    EXPECT_TRUE(fs::exists(journal.path())) << "journaled while in force";
  }
  for (const auto& d : dirs) EXPECT_EQ(root.read(fs::relative(d, root.path()).string() + "/cgroup.pressure"), "1");
  EXPECT_FALSE(fs::exists(journal.path())) << "nothing outstanding after the restore";
}

TEST(PsiControl, AlreadyAsAskedChangesNothing) {
  TempDir root, journal_dir;
  const auto dirs = fixture_chain(root, "1\n");
  Journal journal(journal_dir.file("journal"));
  GuardStack guards;
  EXPECT_TRUE(apply_psi(true, dirs, journal, guards).applied);
  EXPECT_FALSE(fs::exists(journal.path()));
}

TEST(PsiControl, WithoutTheFileOrAChainItIsNotApplied) {
  TempDir root, journal_dir;
  fs::create_directories(root.file("cg/schedlab-7"));
  Journal journal(journal_dir.file("journal"));
  GuardStack guards;
  const auto missing = apply_psi(false, {root.file("cg/schedlab-7")}, journal, guards);
  EXPECT_FALSE(missing.applied);
  EXPECT_NE(missing.detail.find("no per-cgroup PSI switch"), std::string::npos);
  const auto no_chain = apply_psi(false, {}, journal, guards);
  EXPECT_FALSE(no_chain.applied);
  EXPECT_NE(no_chain.hint.find("cgroup2"), std::string::npos) << "the chain exists only in cgroup v2";
}

TEST(RestorePolicy, AcceptsCgroupPressureOnlyInsideOurChains) {
  RestoreRoots r;
  r.cgroup_mounts = {"/sys/fs/cgroup/unified"};
  EXPECT_EQ(why_not_ours({Change::Kind::kWrite, "/sys/fs/cgroup/unified/schedlab-7/l2/cgroup.pressure", "1", ""}, r), "");
  EXPECT_NE(why_not_ours({Change::Kind::kWrite, "/sys/fs/cgroup/unified/user.slice/cgroup.pressure", "1", ""}, r), "");
  EXPECT_NE(why_not_ours({Change::Kind::kWrite, "/sys/fs/cgroup/unified/cgroup.pressure", "1", ""}, r), "");
}

TEST(RestorePolicy, AcceptsOnlyTraceInstancesNamedLikeOurs) {
  RestoreRoots r;
  r.tracefs_mounts = {"/sys/kernel/tracing"};
  using K = Change::Kind;
  EXPECT_EQ(why_not_ours({K::kTraceInstance, "/sys/kernel/tracing/instances/schedlab-42-3", "", ""}, r), "");
  EXPECT_NE(why_not_ours({K::kTraceInstance, "/sys/kernel/tracing/instances/other", "", ""}, r), "");
  EXPECT_NE(why_not_ours({K::kTraceInstance, "/sys/kernel/tracing/schedlab-42-3", "", ""}, r), "");
  EXPECT_NE(why_not_ours({K::kTraceInstance, "/tmp/instances/schedlab-42-3", "", ""}, r), "");
  EXPECT_EQ(why_not_ours({K::kMount, "/sys/kernel/tracing", "", ""}, r), "");
}

// tracefs unmounted after the run died (the last live user unmounted it):
// the instance is still the kernel's, and still ours to remove.
TEST(RestorePolicy, AcceptsOurInstanceWhenTracefsIsNoLongerMounted) {
  RestoreRoots r;  // no tracefs mount
  using K = Change::Kind;
  EXPECT_EQ(why_not_ours({K::kTraceInstance, "/sys/kernel/tracing/instances/schedlab-42-3", "", ""}, r), "");
  EXPECT_NE(why_not_ours({K::kTraceInstance, "/sys/kernel/tracing/instances/other", "", ""}, r), "");
  EXPECT_NE(why_not_ours({K::kTraceInstance, "/sys/kernel/debug/tracing/instances/schedlab-42-3", "", ""}, r), "");
}

TEST(RestorePolicy, TracefsMountsComeFromMountinfo) {
  const std::string mountinfo =
      "40 23 0:12 / /sys/kernel/tracing rw,nosuid,nodev,noexec,relatime shared:18 - tracefs nodev rw\n";
  EXPECT_EQ(restore_roots(mountinfo).tracefs_mounts, (std::vector<std::string>{"/sys/kernel/tracing"}));
}

TEST(Change, TraceInstanceKindRoundTripsThroughTheJournal) {
  const Change c{Change::Kind::kTraceInstance, "/sys/kernel/tracing/instances/schedlab-1-1", "", "trace instance"};
  nlohmann::json j = c;
  EXPECT_EQ(j["kind"], "trace-instance");
  const Change back = j.get<Change>();
  EXPECT_EQ(back.kind, Change::Kind::kTraceInstance);
  EXPECT_EQ(back.path, c.path);
}

TEST(Change, UndoingAGoneTraceInstanceIsNotAnError) {
  TempDir root;
  EXPECT_EQ(undo_change({Change::Kind::kTraceInstance, root.file("instances/schedlab-1-1"), "", ""}), "");
  fs::create_directories(root.file("instances/schedlab-1-2"));
  EXPECT_EQ(undo_change({Change::Kind::kTraceInstance, root.file("instances/schedlab-1-2"), "", ""}), "");
  EXPECT_FALSE(fs::exists(root.file("instances/schedlab-1-2")));
}

}  // namespace
}  // namespace schedlab

namespace schedlab {

// A lease on a shared mount is restored only on tracefs or debugfs at their
// mount points, kept in the journal directory's mounts/.
TEST(RestorePolicy, MountLeasesOnlyOnTracefsAndDebugfsInTheJournalDirectory) {
  using K = Change::Kind;
  RestoreRoots r;
  r.leases = "/run/schedlab/mounts";
  EXPECT_EQ(why_not_ours({K::kMountLease, "/sys/kernel/tracing", "tracefs", "x", r.leases}, r), "");
  EXPECT_EQ(why_not_ours({K::kMountLease, "/sys/kernel/debug", "debugfs", "x", r.leases}, r), "");
  EXPECT_NE(why_not_ours({K::kMountLease, "/sys/kernel/tracing", "tracefs", "x", "/etc"}, r), "");
  EXPECT_NE(why_not_ours({K::kMountLease, "/home", "tracefs", "x", r.leases}, r), "");
  EXPECT_NE(why_not_ours({K::kMountLease, "/sys/kernel/tracing", "ext4", "x", r.leases}, r), "");
}

}  // namespace schedlab
