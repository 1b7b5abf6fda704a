// runner/baseline_means: a baseline `check` runs without root cannot take
// the machine from others (issue 30: fifo:99 and 1024x copies from a file
// were accepted on a shared grid host).
#include <gtest/gtest.h>
#include <sched.h>

#include "core/error.h"
#include "runner/baseline_means.h"

namespace schedlab {
namespace {

sys::ProcessLimits user_limits() {
  sys::ProcessLimits l;
  l.rlimit_rtprio = 0;  // Debian's default for a user
  l.rlimit_nice = 0;
  l.usable_cpus = 4;
  return l;
}

std::string refusal(const ScenarioRequest& s, const sys::ProcessLimits& l, bool trusted, bool root = false) {
  try {
    refuse_beyond_means(s, "good.json", l, trusted, root);
    return "";
  } catch (const UsageError& e) {
    return e.what();
  }
}

TEST(BaselineMeans, ARealTimePolicyBeyondTheUsersLimitIsRefusedEvenTrusted) {
  ScenarioRequest s;
  s.policy = SCHED_FIFO;
  s.priority = 99;
  const std::string said = refusal(s, user_limits(), true);
  EXPECT_NE(said.find("good.json: the baseline asks for --policy fifo:99, a real-time priority above your "
                      "RLIMIT_RTPRIO (0)"),
            std::string::npos)
      << said;
  s.nice = -5;
  s.policy.reset();
  EXPECT_NE(refusal(s, user_limits(), true).find("--nice -5, below the 20 your RLIMIT_NICE (0) allows"),
            std::string::npos);
  EXPECT_EQ(refusal(s, user_limits(), false, /*root=*/true), "") << "root owns the machine";
}

TEST(BaselineMeans, WhatTheUserMaySetButTakesTheMachineNeedsTrust) {
  auto limits = user_limits();
  limits.rlimit_rtprio = 99;  // a grid host that lets users run real-time
  ScenarioRequest s;
  s.policy = SCHED_FIFO;
  s.priority = 99;
  const std::string said = refusal(s, limits, false);
  EXPECT_NE(said.find("--policy fifo:99 (real-time), which keeps others off this machine's CPUs; add "
                      "--trust-baseline"),
            std::string::npos)
      << said;
  EXPECT_EQ(refusal(s, limits, true), "");
}

TEST(BaselineMeans, CopiesBeyondFourPerUsableCpuNeedTrust) {
  ScenarioRequest s;
  s.copies = parse_copies("--copies", "1024x");
  const std::string said = refusal(s, user_limits(), false);
  EXPECT_NE(said.find("--copies 1024x (4096 copies, more than 4 per CPU of the 4 you may use)"), std::string::npos)
      << said;
  s.copies = parse_copies("--copies", "16");
  EXPECT_EQ(refusal(s, user_limits(), false), "") << "4 per CPU is within means";
  s.copies = parse_copies("--copies", "17");
  EXPECT_NE(refusal(s, user_limits(), false), "");
  EXPECT_EQ(refusal(s, user_limits(), true), "");
  EXPECT_EQ(refusal(ScenarioRequest{}, user_limits(), false), "") << "a plain baseline only measures";
}

}  // namespace
}  // namespace schedlab
