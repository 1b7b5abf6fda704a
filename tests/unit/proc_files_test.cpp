// Unit tests for the /proc readers of src/sys/proc_files.cpp that time a
// guest's boot (a counted guest's deadline is QEMU's CPU time).
#include "sys/proc_files.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <climits>

namespace schedlab::sys {

TEST(ProcFiles, CpuSecondsGrowWithTheWorkDoneAndAreAbsentForAGoneTask) {
  const auto before = cpu_seconds_of(getpid());
  ASSERT_TRUE(before.has_value());
  // Burn CPU until the counter (clock ticks) moves: a loop, not a timing.
  volatile unsigned long long sink = 0;
  std::optional<double> after = before;
  for (int round = 0; round < 10000 && after && *after <= *before; ++round) {
    for (int i = 0; i < 1000000; ++i) sink = sink + static_cast<unsigned long long>(i);
    after = cpu_seconds_of(getpid());
  }
  ASSERT_TRUE(after.has_value());
  EXPECT_GT(*after, *before);
  EXPECT_FALSE(cpu_seconds_of(INT_MAX).has_value());  // above pid_max: no such task
}

}  // namespace schedlab::sys
