// Unit tests for src/env/kernel_config.cpp.
#include "env/kernel_config.h"

#include <gtest/gtest.h>

namespace schedlab {

TEST(KernelConfig, ReadsValuesAndNotSet) {
  const auto c = KernelConfig::parse(
      "CONFIG_SCHED_AUTOGROUP=y\n# CONFIG_SCHEDSTATS is not set\nCONFIG_HZ=250\n");
  EXPECT_EQ(c.value("CONFIG_SCHED_AUTOGROUP"), "y");
  EXPECT_EQ(c.value("CONFIG_SCHEDSTATS"), "n");
  EXPECT_EQ(c.value("CONFIG_HZ"), "250");
  EXPECT_EQ(c.value("CONFIG_PSI"), "n");
  EXPECT_EQ(c.value("CONFIG_SCHED"), "n");  // a prefix of another option is not a match
}

TEST(KernelConfig, UnknownWithoutAConfig) {
  EXPECT_EQ(KernelConfig().value("CONFIG_PSI"), "unknown");
}

}  // namespace schedlab
