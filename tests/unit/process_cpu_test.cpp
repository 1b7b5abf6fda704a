// Unit tests for src/sys/process_cpu.cpp: a process's CPU time from
// /proc/PID/stat, for the copies' CPU at the window's edges.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <ctime>

#include "sys/process_cpu.h"

namespace schedlab::sys {

TEST(ProcessCpu, ParsesOwnAndReapedTimesAfterAnAwkwardName) {
  // pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt
  // cmajflt utime stime cutime cstime ...
  const std::string stat = "4242 (a) b (c)) S 17 4242 4242 0 -1 4194560 100 0 0 0 250 50 1200 300 20 0 1 0";
  const auto p = parse_process_cpu(stat, 100);
  ASSERT_TRUE(p);
  EXPECT_EQ(p->pid, 4242);
  EXPECT_EQ(p->ppid, 17);
  EXPECT_DOUBLE_EQ(p->own_s, 3.0);
  EXPECT_DOUBLE_EQ(p->reaped_s, 15.0);
  EXPECT_FALSE(parse_process_cpu("4242 (x) S 17 1 2", 100)) << "cut short";
  EXPECT_FALSE(parse_process_cpu("not a stat line", 100));
}

TEST(ProcessCpu, ATreeCountsWhatItsChildrenSpent) {
  const double start = tree_cpu_seconds({getpid()});
  const pid_t child = fork();
  if (child == 0) {  // spends 300 ms of its own CPU, however long that takes
    timespec t{};
    do clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    while (t.tv_sec == 0 && t.tv_nsec < 300'000'000);
    _exit(0);
  }
  ASSERT_GT(child, 0);
  const double before = tree_cpu_seconds({getpid()});
  int status = 0;
  waitpid(child, &status, 0);
  const double after = tree_cpu_seconds({getpid()});
  EXPECT_GE(after, before) << "a reaped child's time moves into its parent's, it does not vanish";
  EXPECT_GE(after - start, 0.25) << "the child's 300 ms of CPU are counted (to a few 10 ms ticks)";
  EXPECT_EQ(tree_cpu_seconds({999999999}), 0) << "a root that is gone";
}

}  // namespace schedlab::sys
