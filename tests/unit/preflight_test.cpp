// Unit tests for src/runner/preflight.cpp.
#include "runner/preflight.h"

#include <gtest/gtest.h>

#include "core/error.h"

namespace schedlab {

namespace {
sys::ProcessLimits roomy() {
  sys::ProcessLimits l;
  l.rlimit_nproc = 4096;
  l.user_tasks = 96;
  l.pid_max = 4194304;
  l.threads_max = 1000000;
  l.system_tasks = 300;
  return l;
}
}  // namespace

TEST(Preflight, PassesWhenEverythingFits) {
  EXPECT_NO_THROW(preflight_process_limits(448, 2, "448", roomy()));
}

TEST(Preflight, RefusesPastRlimitNprocWithHowManyFit) {
  try {
    preflight_process_limits(2100, 2, "2100", roomy());
    FAIL();
  } catch (const UsageError& e) {
    EXPECT_STREQ(e.what(),
                 "--copies '2100': expected at most 2000 copies here: 2100 copies need 4200 "
                 "processes (2 per copy) but RLIMIT_NPROC (ulimit -u) is 4096 with 96 in use");
  }
}

TEST(Preflight, RootIsNotBoundByRlimitNproc) {
  auto l = roomy();
  l.nproc_enforced = false;
  EXPECT_NO_THROW(preflight_process_limits(2000, 2, "2000", l));
}

TEST(Preflight, PidsControllerAndPidMax) {
  auto l = roomy();
  l.pids_max = 100;
  l.pids_current = 10;
  l.pids_cgroup = "/sys/fs/cgroup/user.slice";
  try {
    preflight_process_limits(50, 2, "50", l);
    FAIL();
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("pids.max of /sys/fs/cgroup/user.slice is 100"),
              std::string::npos);
  }
  l = roomy();
  l.pid_max = 32768;
  l.system_tasks = 32000;
  EXPECT_THROW(preflight_process_limits(500, 2, "500", l), UsageError);
}

}  // namespace schedlab

namespace schedlab {

// When even one copy does not fit, the message is about the copy's size,
// not about --copies (which may not have been given at all).
TEST(Preflight, OneCopyTooLargeNamesTheCopysSize) {
  auto l = roomy();
  l.pids_max = 500;
  l.pids_current = 20;
  l.pids_cgroup = "/user.slice";
  try {
    preflight_process_limits(1, 16386, "1", l);
    FAIL();
  } catch (const UsageError& e) {
    EXPECT_EQ(std::string(e.what()).find("--copies"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("one copy needs 16386 processes or threads"), std::string::npos) << e.what();
  }
}

}  // namespace schedlab
