// A run's profile in the result file: the clock it was sampled on survives
// the file, and a profile written before the clock was recorded reads as
// the CPU clock, which every such profile used.
#include <gtest/gtest.h>

#include "profile/run_profile.h"

namespace schedlab::profile {
namespace {

RunRecord run_with(const RunProfile& p) {
  RunRecord run;
  run.details[kProfileKey] = profile_json(p);
  return run;
}

TEST(RunProfileFile, KeepsTheClockItWasSampledOn) {
  RunProfile p;
  p.frequency_hz = 997;
  p.stacks.add("main;work", 3);
  p.clock = "cycles";
  const auto back = run_profile(run_with(p));
  ASSERT_TRUE(back);
  EXPECT_EQ(back->clock, "cycles");
  EXPECT_EQ(back->frequency_hz, 997u);
  EXPECT_EQ(back->samples, 3u);
}

TEST(RunProfileFile, AnOlderProfileWasOnTheCpuClock) {
  RunProfile p;
  p.stacks.add("main", 1);
  p.clock = "cycles";
  RunRecord run = run_with(p);
  run.details[kProfileKey].erase("clock");
  EXPECT_EQ(run_profile(run)->clock, "cpu-clock");
}

TEST(RunProfileFile, AClockThatIsNoStringIsMalformed) {
  RunProfile p;
  p.stacks.add("main", 1);
  RunRecord run = run_with(p);
  run.details[kProfileKey]["clock"] = 7;
  EXPECT_THROW(run_profile(run), std::runtime_error);
}

}  // namespace
}  // namespace schedlab::profile
