// Unit tests for the scenario controls against fixture trees: sysctl,
// sched features, the cgroup chain, the journal and restore.
#include <gtest/gtest.h>

#include <fmt/format.h>
#include <unistd.h>

#include <filesystem>
#include <stdexcept>
#include <utility>

#include "core/error.h"
#include "scenario/cgroup_chain.h"
#include "scenario/journal.h"
#include "scenario/restore_policy.h"
#include "scenario/sched_feature_control.h"
#include "scenario/sysctl_control.h"
#include "support/temp_dir.h"
#include "sys/proc_files.h"
#include "sys/safe_files.h"

#include <cstring>

namespace schedlab {

using testing::TempDir;
namespace fs = std::filesystem;

TEST(SysctlControl, AppliesReadsBackAndRestores) {
  TempDir proc, journal_dir;
  proc.write("kernel/sched_autogroup_enabled", "1\n");
  Journal journal(journal_dir.file("journal"));
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
  Journal journal(journal_dir.file("journal"));
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
  Journal journal(journal_dir.file("journal"));
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
  Journal journal(journal_dir.file("journal"));
  GuardStack guards;
  const DebugfsPaths paths{root.file("mountinfo"), root.file("debug")};
  EXPECT_FALSE(apply_sched_feature("NO_SUCH", journal, guards, paths).applied);
  auto same = apply_sched_feature("NO_HRTICK", journal, guards, paths);
  EXPECT_TRUE(same.applied);
  // Only the use of debugfs (a lease, so no other run unmounts it): no write.
  ASSERT_TRUE(fs::exists(journal.path()));
  for (const auto& change : parse_journal(journal_dir.read("journal/" + fs::path(journal.path()).filename().string())).changes)
    EXPECT_EQ(change.kind, Change::Kind::kMountLease) << "nothing written, nothing journaled but the lease";
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
  Journal journal(journal_dir.file("journal"));
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
  Journal journal(journal_dir.file("journal"));
  GuardStack guards;
  CgroupChain chain;
  auto out = create_cgroup_chain(2, "/no/such", layout, journal, guards, chain);
  EXPECT_FALSE(out.applied);
  EXPECT_NE(out.detail.find("does not exist"), std::string::npos);
}

namespace {

// A private journal directory with one journal of a dead run (pid 1 never
// has start time 1) holding `changes`.
std::string dead_journal(const TempDir& root, const std::string& name, const std::vector<Change>& changes) {
  std::string dir = root.file("journal");
  fs::create_directories(dir);
  fs::permissions(dir, fs::perms::owner_all, fs::perm_options::replace);
  nlohmann::json j = {{"pid", 1}, {"start_time", 1}, {"changes", changes}};
  root.write("journal/" + name, j.dump());
  return dir;
}

// The fixture tree stands for /proc/sys and a cgroup mount.
RestoreRoots fixture_roots(const TempDir& root) {
  RestoreRoots r;
  r.proc_sys = root.file("sys");
  r.cgroup_mounts = {root.file("cg")};
  return r;
}

}  // namespace

TEST(Journal, RestoresTheChangesOfADeadRunNewestFirst) {
  TempDir root;
  root.write("sys/a", "changed");
  fs::create_directories(root.file("cg/schedlab-1/l2"));
  const std::string dir = dead_journal(root, "1.json",
      {Change{Change::Kind::kWrite, root.file("sys/a"), "original", "a -> changed"},
       Change{Change::Kind::kCgroup, root.file("cg/schedlab-1"), "", "cg top"},
       Change{Change::Kind::kCgroup, root.file("cg/schedlab-1/l2"), "", "cg leaf"}});
  const RestoreRoots roots = fixture_roots(root);
  const auto reports = restore_stale_journals(dir, &roots);
  ASSERT_EQ(reports.size(), 1u);
  EXPECT_EQ(reports[0].undone, (std::vector<std::string>{"cg leaf", "cg top", "a -> changed"}));
  EXPECT_TRUE(reports[0].failed.empty());
  EXPECT_EQ(root.read("sys/a"), "original");
  EXPECT_FALSE(fs::exists(root.file("cg/schedlab-1")));
  EXPECT_FALSE(fs::exists(root.file("journal/1.json")));
}

TEST(Journal, LeavesTheJournalOfALiveRunAlone) {
  TempDir journal_dir;
  Journal journal(journal_dir.file("journal"));
  journal.add(Change{Change::Kind::kWrite, "/proc/sys/kernel/nonexistent", "x", "live change"});
  EXPECT_TRUE(restore_stale_journals(journal_dir.file("journal")).empty());
  EXPECT_TRUE(fs::exists(journal.path()));
}

// A journal planted by someone else (or corrupted) asks for what schedlab
// never does: writing any file, removing any tree, killing in any cgroup.
// It is refused whole and kept; nothing it names is touched.
TEST(Journal, RefusesChangesSchedlabDoesNotMake) {
  TempDir root;
  root.write("victim/file", "mine");
  root.write("sys/a", "changed");
  fs::create_directories(root.file("cg/user.slice"));
  const RestoreRoots roots = fixture_roots(root);
  for (const Change& planted :
       {Change{Change::Kind::kWrite, root.file("victim/file"), "attacker text", "x"},
        Change{Change::Kind::kTree, root.file("victim"), "", "x"},
        Change{Change::Kind::kCgroup, root.file("cg/user.slice"), "", "x"},
        Change{Change::Kind::kWrite, root.file("sys/../victim/file"), "attacker text", "x"},
        Change{Change::Kind::kMount, "/home", "", "x"}}) {
    const std::string dir = dead_journal(
        root, "7.json", {Change{Change::Kind::kWrite, root.file("sys/a"), "original", "fine"}, planted});
    const auto reports = restore_stale_journals(dir, &roots);
    ASSERT_EQ(reports.size(), 1u);
    ASSERT_EQ(reports[0].failed.size(), 1u);
    EXPECT_NE(reports[0].failed[0].find("not a change schedlab makes"), std::string::npos) << reports[0].failed[0];
    EXPECT_EQ(root.read("victim/file"), "mine");
    EXPECT_EQ(root.read("sys/a"), "changed") << "a refused journal is not partly replayed";
    EXPECT_TRUE(fs::is_directory(root.file("cg/user.slice")));
    EXPECT_TRUE(fs::exists(root.file("journal/7.json"))) << "kept for a person to look at";
    fs::remove(root.file("journal/7.json"));
  }
}

// A malformed journal is named and kept; the others are still restored.
TEST(Journal, AMalformedJournalDoesNotStopTheOthers) {
  TempDir root;
  root.write("sys/a", "changed");
  const RestoreRoots roots = fixture_roots(root);
  const std::string dir =
      dead_journal(root, "2.json", {Change{Change::Kind::kWrite, root.file("sys/a"), "original", "a back"}});
  for (const char* bad : {"{\"pid\": 5, \"start_time\": 1}", "{\"pid\": 5, \"start_time\": 1, \"changes\": [{\"kind\": \"boom\"}]}",
                          "{\"pid\": \"x\"}", "[1, 2]", "{\"pid\": 5, \"start_time\": 1, \"changes\": [{\"kind\": \"write\", \"what\": \"sysctl x 1 -> 0\""})
    root.write(std::string("journal/1") + std::to_string(std::strlen(bad)) + ".json", bad);
  const auto reports = restore_stale_journals(dir, &roots);
  int unreadable = 0, restored = 0;
  for (const auto& r : reports) {
    if (r.pid == 0) {
      ++unreadable;
      ASSERT_EQ(r.failed.size(), 1u);
      EXPECT_NE(r.failed[0].find("unreadable journal"), std::string::npos);
      EXPECT_NE(r.journal.find("/journal/1"), std::string::npos) << "the file is named";
    } else {
      restored += r.failed.empty();
    }
  }
  EXPECT_EQ(unreadable, 5);
  EXPECT_EQ(restored, 1);
  EXPECT_EQ(root.read("sys/a"), "original");
}

// A journal's writer SIGKILLed between writing the next version and renaming
// it into place (bench/soak found one in 100) left the temporary file.
TEST(Journal, ADeadWritersTemporaryJournalIsRemoved) {
  TempDir root;
  const RestoreRoots roots = fixture_roots(root);
  const std::string dir = root.file("journal");
  fs::create_directories(dir);
  fs::permissions(dir, fs::perms::owner_all, fs::perm_options::replace);
  const std::string dead = "999999999.json.tmp.T2l653";  // above any pid_max: no such process
  const std::string live = fmt::format("{}.json.tmp.AbC123", getpid());
  root.write("journal/" + dead, "{\"pid\": 999999999, \"changes\": [");
  root.write("journal/" + live, "{");
  EXPECT_TRUE(restore_stale_journals(dir, &roots).empty());
  EXPECT_FALSE(fs::exists(root.file("journal/" + dead)));
  EXPECT_TRUE(fs::exists(root.file("journal/" + live))) << "its writer is still writing";
}

// A journal another schedlab version wrote, with a change this one does not
// know, is its writer's while that writer runs: not replayed, not reported.
TEST(Journal, ALiveWritersUnreadableJournalIsLeftAlone) {
  TempDir root;
  const RestoreRoots roots = fixture_roots(root);
  const std::string dir = root.file("journal");
  fs::create_directories(dir);
  fs::permissions(dir, fs::perms::owner_all, fs::perm_options::replace);
  root.write("journal/9.json", fmt::format("{{\"pid\": {}, \"start_time\": {}, \"changes\": [{{\"kind\": "
                                           "\"trace-instance\", \"what\": \"a newer change\"}}]}}",
                                           getpid(), sys::start_time_of(getpid()).value_or(0)));
  EXPECT_TRUE(restore_stale_journals(dir, &roots).empty());
  EXPECT_TRUE(stale_journals(dir).empty());
  EXPECT_TRUE(fs::exists(root.file("journal/9.json")));
}

// fuzz_journal's findings (fuzz/corpus/journal/): every malformed journal
// is refused by parse_journal with one std::runtime_error line naming the
// problem.  A JSON type_error escaped before (not a runtime_error), and a
// pid of 1e300 was cast to long: undefined behaviour, a garbage pid in a
// release build and the journal replayed as that process's.
TEST(Journal, MalformedJournalsAreRefusedInOneLine) {
  const std::string deep = "{\"pid\": 5, \"start_time\": 1, \"changes\": [" + std::string(1000000, '[') +
                           std::string(1000000, ']') + "]}";
  const std::pair<std::string, std::string> cases[] = {
      {R"({"pid":1,"start_time":1,"changes":[{"kind":"write","path":5}]})", R"("path" is not text)"},
      {R"({"pid":1,"start_time":1,"changes":[{"path":"/x"}]})", R"(a change without "kind")"},
      {R"({"pid":1,"start_time":1,"changes":[{"kind":"write"}]})", R"(a change without "path")"},
      {R"({"pid":1,"start_time":1,"changes":5})", R"("changes" is not a list)"},
      {R"({"pid":1,"start_time":1})", R"(no "changes")"},
      {R"({"pid":1e300,"start_time":1,"changes":[]})", R"("pid" is not a whole number)"},
      {R"({"pid":-3,"start_time":1,"changes":[]})", R"("pid" is not a whole number)"},
      {R"({"pid":0,"start_time":1,"changes":[]})", R"("pid" is 0)"},
      {R"({"pid":1,"start_time":-1.5,"changes":[]})", R"("start_time" is not a whole number)"},
      {R"({"pid":1,"start_time":1,"changes":[7]})", "a change that is not a JSON object"},
      {R"({"pid":1,"start_time":1,"changes":[{"kind":"write","path":"/x","undo":[]}]})", R"("undo" is not text)"},
      {R"({"pid":1,"sta)", "a journal: not JSON (at byte"},
      {deep, "nested deeper than 256 levels"}};
  for (const auto& [text, why] : cases) {
    try {
      parse_journal(text);
      ADD_FAILURE() << "accepted " << text.substr(0, 80);
    } catch (const std::runtime_error& e) {
      const std::string what = e.what();
      EXPECT_NE(what.find(why), std::string::npos) << what;
      EXPECT_EQ(what.find('\n'), std::string::npos) << "one line: " << what;
    } catch (const std::exception& e) {
      ADD_FAILURE() << "not a runtime_error for " << text.substr(0, 80) << ": " << e.what();
    }
  }
  const JournalRecord ok = parse_journal(R"({"pid":42,"start_time":7,"changes":[{"kind":"write","path":"/x"}]})");
  EXPECT_EQ(ok.pid, 42);
  EXPECT_EQ(ok.start_time, 7u);
  ASSERT_EQ(ok.changes.size(), 1u);
  EXPECT_EQ(ok.changes[0].path, "/x");
}

// A journal whose pid is out of range is named and kept, never replayed.
TEST(Journal, AnOutOfRangePidIsKeptNotReplayed) {
  TempDir root;
  root.write("sys/a", "changed");
  const RestoreRoots roots = fixture_roots(root);
  const std::string dir = dead_journal(root, "2.json", {});
  fs::remove(root.file("journal/2.json"));
  root.write("journal/2.json", R"({"pid": 1e300, "start_time": 1, "changes": [{"kind": "write", "path": ")" +
                                   root.file("sys/a") + R"(", "undo": "original", "what": "a back"}]})");
  const auto reports = restore_stale_journals(dir, &roots);
  ASSERT_EQ(reports.size(), 1u);
  EXPECT_EQ(reports[0].pid, 0);
  ASSERT_EQ(reports[0].failed.size(), 1u);
  EXPECT_NE(reports[0].failed[0].find("unreadable journal (\"pid\" is not a whole number"), std::string::npos)
      << reports[0].failed[0];
  EXPECT_EQ(root.read("sys/a"), "changed") << "not partly restored";
  EXPECT_TRUE(fs::exists(root.file("journal/2.json")));
}

// A truncated journal still tells a person what to undo by hand.
TEST(Journal, ATruncatedJournalSaysWhatToUndoByHand) {
  TempDir root;
  fs::create_directories(root.file("journal"));
  fs::permissions(root.file("journal"), fs::perms::owner_all, fs::perm_options::replace);
  root.write("journal/9.json", R"({"pid": 9, "start_time": 3, "changes": [{"kind": "write", "path": "/proc/sys/kernel/sched_autogroup_enabled", "undo": "1", "what": "kernel.sched_autogroup_enabled 1 -> 0"}, {"kind": "cg)");
  const auto reports = restore_stale_journals(root.file("journal"));
  ASSERT_EQ(reports.size(), 1u);
  EXPECT_NE(reports[0].failed[0].find("it lists: kernel.sched_autogroup_enabled 1 -> 0"), std::string::npos)
      << reports[0].failed[0];
  EXPECT_NE(reports[0].failed[0].find("it may have listed more"), std::string::npos) << reports[0].failed[0];
}

// Cut before its first change, a journal is not one that "names no change":
// what it listed is lost, and the person is told where to look.
TEST(Journal, AJournalCutBeforeItsFirstChangeSaysItMayBeCutShort) {
  TempDir root;
  fs::create_directories(root.file("journal"));
  fs::permissions(root.file("journal"), fs::perms::owner_all, fs::perm_options::replace);
  root.write("journal/9.json", R"({"pid": 9, "start_time": 3, "chan)");
  const auto reports = restore_stale_journals(root.file("journal"));
  ASSERT_EQ(reports.size(), 1u);
  const std::string& said = reports[0].failed[0];
  EXPECT_EQ(said.find("names no change"), std::string::npos) << said;
  EXPECT_NE(said.find("may be cut short"), std::string::npos) << said;
  EXPECT_NE(said.find("cgroups and trace instances by hand"), std::string::npos) << said;
}

// The journal directory must be ours and not writable by others: one that
// another user made (or opened up) is neither used nor replayed.
TEST(Journal, ADirectoryOthersCanWriteIsRefused) {
  TempDir root;
  const std::string dir = root.file("journal");
  fs::create_directories(dir);
  fs::permissions(dir, fs::perms::all, fs::perm_options::replace);
  EXPECT_THROW(Journal journal(dir), Error) << "refused before the run makes anything";
  root.write("journal/3.json", R"({"pid": 3, "start_time": 1, "changes": []})");
  const auto reports = restore_stale_journals(dir);
  ASSERT_EQ(reports.size(), 1u);
  EXPECT_NE(reports[0].failed[0].find("lets others write"), std::string::npos) << reports[0].failed[0];
  EXPECT_TRUE(fs::exists(root.file("journal/3.json")));
  fs::remove(dir + "/3.json");
  fs::create_directory_symlink(root.path(), root.file("link"));
  EXPECT_FALSE(sys::private_dir_problem(root.file("link")).empty()) << "a symlink is not our directory";
}

}  // namespace schedlab
