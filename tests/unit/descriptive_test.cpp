// Unit tests for src/stats/descriptive.cpp.
#include "core/descriptive.h"

#include <gtest/gtest.h>

#include <vector>

namespace schedlab::stats {

TEST(Descriptive, KnownValues) {
  const std::vector<double> xs{2, 4, 4, 4, 5, 5, 7, 9};
  const Summary s = summarize(xs);
  EXPECT_EQ(s.n, 8u);
  EXPECT_DOUBLE_EQ(s.mean, 5.0);
  EXPECT_DOUBLE_EQ(s.median, 4.5);
  EXPECT_NEAR(s.stddev, 2.1380899, 1e-6);  // sample (n - 1) standard deviation
  EXPECT_DOUBLE_EQ(s.min, 2);
  EXPECT_DOUBLE_EQ(s.max, 9);
  EXPECT_NEAR(s.cv_pct, 42.761798, 1e-5);
}

TEST(Descriptive, OddMedianAndSingleValue) {
  EXPECT_DOUBLE_EQ(median(std::vector<double>{3, 1, 2}), 2);
  const Summary one = summarize(std::vector<double>{7});
  EXPECT_EQ(one.n, 1u);
  EXPECT_DOUBLE_EQ(one.stddev, 0);
  EXPECT_DOUBLE_EQ(one.cv_pct, 0);
}

TEST(Descriptive, EmptyAndZeroMean) {
  EXPECT_EQ(summarize(std::vector<double>{}).n, 0u);
  EXPECT_DOUBLE_EQ(summarize(std::vector<double>{0, 0}).cv_pct, 0);
}

}  // namespace schedlab::stats
