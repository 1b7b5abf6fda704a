// Unit tests for src/report/progress.cpp.
#include "report/progress.h"

#include <gtest/gtest.h>

#include <sstream>

namespace schedlab {

TEST(Progress, EtaIsShortAndWhole) {
  EXPECT_EQ(format_eta(0), "0s");
  EXPECT_EQ(format_eta(-3), "0s");
  EXPECT_EQ(format_eta(44.6), "45s");
  EXPECT_EQ(format_eta(185), "3m05s");
  EXPECT_EQ(format_eta(3720), "1h02m");
}

TEST(Progress, TheLineIsRewrittenInPlaceAndCleared) {
  std::ostringstream out;
  ProgressLine line(&out);
  line.clear();  // nothing shown yet: nothing to clear
  EXPECT_EQ(out.str(), "");
  line.show("a");
  line.show("b");
  line.clear();
  EXPECT_EQ(out.str(), "\ra\033[K\rb\033[K\r\033[K");
}

TEST(Progress, WithoutAStreamNothingIsShown) {
  ProgressLine line(nullptr);
  EXPECT_FALSE(line.active());
  line.show("x");
  line.clear();
}

TEST(Progress, RemainingCountsEveryPlannedRunsWarmupAndWindow) {
  ResultSet set;
  set.scenario.requested = {{"runs", 5}, {"warmup_runs", 1}, {"warmup_s", 2.0}, {"duration_s", 10.0}};
  ExperimentClock clock;
  clock.plan({set, set});
  EXPECT_EQ(clock.total(), 12);
  EXPECT_EQ(clock.done(), 0);
  EXPECT_DOUBLE_EQ(clock.remaining(0), 12 * 12.0);
  EXPECT_DOUBLE_EQ(clock.remaining(4), 12 * 12.0 - 4);
}

}  // namespace schedlab
