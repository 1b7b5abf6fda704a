// Unit tests for src/cli/vary.cpp: how far the full factorial may grow.
#include <gtest/gtest.h>

#include "spec/vary.h"
#include "core/error.h"

namespace schedlab {

TEST(Vary, ExpandsUpToAThousandVariants) {
  const std::vector<VaryAxis> axes(3, parse_vary("copies=1,2,3,4,5,6,7,8,9,10"));
  EXPECT_EQ(expand_axes(axes).size(), 1000u);
}

// fuzz/corpus/vary/many-axes (24 axes of two values) made fuzz_vary time out
// in expand_axes; `schedlab run` with 18 such axes took 34 s and 3 GB, then
// failed with "internal error: std::bad_alloc", before anything ran.  (The
// cases here stay small enough for code without the limit to fail quickly.)
TEST(Vary, RefusesMoreThanAThousandVariants) {
  const std::vector<VaryAxis> ten(10, parse_vary("copies=1,2"));
  EXPECT_THROW(expand_axes(ten), UsageError);
  std::string many = "copies=1";
  for (int i = 2; i <= 1000; ++i) many += "," + std::to_string(i);
  EXPECT_THROW(expand_axes({parse_vary(many), parse_vary("autogroup=off,on")}), UsageError);
}

}  // namespace schedlab
