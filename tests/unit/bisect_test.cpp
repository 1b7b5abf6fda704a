// schedlab bisect's readers of git's answers and its state file.
#include <gtest/gtest.h>

#include "flows/bisect_git.h"
#include "flows/bisect_state.h"
#include "core/error.h"

namespace schedlab {
namespace {

TEST(BisectGit, ReadsTheFirstBadCommitTheStepsLeftAndAnAllSkippedEnd) {
  const std::string found =
      "3f5c2a1b4d6e8f0a1b2c3d4e5f60718293a4b5c6 is the first bad commit\ncommit 3f5c2a1b...\nAuthor: A\n";
  EXPECT_EQ(first_bad_commit(found), "3f5c2a1b4d6e8f0a1b2c3d4e5f60718293a4b5c6");
  EXPECT_FALSE(first_bad_commit("Bisecting: 3 revisions left to test after this (roughly 2 steps)\n"));
  EXPECT_EQ(steps_left("Bisecting: 3 revisions left to test after this (roughly 2 steps)\n[abc] subject\n"), 2);
  EXPECT_EQ(steps_left("Bisecting: 0 revisions left to test after this (roughly 0 steps)\n"), 0);
  EXPECT_EQ(steps_left("Bisecting: 1 revision left to test after this (roughly 1 step)\n"), 1);
  EXPECT_FALSE(steps_left("nothing of the kind"));
  EXPECT_TRUE(only_skipped_left("There are only 'skip'ped commits left to test.\nThe first bad commit could be any of:\n"));
  EXPECT_FALSE(only_skipped_left(found));
}

TEST(BisectState, RoundTripsAndRefusesWhatIsNotOurs) {
  BisectState s;
  s.tree = "/src/linux";
  s.original_head = "refs/heads/main";
  s.good = "a";
  s.bad = "b";
  s.spec = {"run", "spawn", "--copies", "auto"};
  s.work_dir = "/cache/bisect/1";
  s.threshold = 7.5;
  s.started = true;
  BisectStep step;
  step.commit = "c";
  step.subject = "sched: x";
  step.verdict = "bad";
  step.change_pct = -12.5;
  step.low_pct = -18;
  step.high_pct = -6;
  step.boots = 8;
  step.emulated = true;
  s.steps.push_back(step);
  BisectStep skipped;
  skipped.commit = "d";
  skipped.verdict = "skip";
  skipped.why = "does not build";
  s.steps.push_back(skipped);
  const BisectState back = bisect_state_from_json(to_json(s), "state");
  EXPECT_EQ(to_json(back).dump(), to_json(s).dump());
  EXPECT_FALSE(back.steps[1].change_pct.has_value()) << "a skip has no change";
  EXPECT_THROW(bisect_state_from_json(ordered_json::object(), "state"), UsageError);
  ordered_json broken = to_json(s);
  broken["steps"][0]["verdict"] = 7;  // not text (no erase: ordered_json's erase breaks JSON_DIAGNOSTICS' parents)
  EXPECT_THROW(bisect_state_from_json(broken, "state"), UsageError);
}

}  // namespace
}  // namespace schedlab
