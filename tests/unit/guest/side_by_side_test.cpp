#include <gtest/gtest.h>

#include "core/error.h"
#include "guest/kernels_run.h"

namespace schedlab::guest {
namespace {

using Groups = std::vector<std::vector<int>>;

TEST(SideBySide, CutsConsecutiveGroupsOfVcpusFromTheAllowedCpus) {
  EXPECT_EQ(side_by_side_cpus(2, 1, {}, {0, 1}, "--side-by-side"), (Groups{{0}, {1}}));
  EXPECT_EQ(side_by_side_cpus(2, 2, {}, {0, 1, 2, 3, 4}, "--side-by-side"), (Groups{{0, 1}, {2, 3}}));
  EXPECT_EQ(side_by_side_cpus(3, 1, {}, {4, 9, 17}, "--side-by-side"), (Groups{{4}, {9}, {17}}));
}

TEST(SideBySide, TakesThemFromHostCpusWhenGiven) {
  EXPECT_EQ(side_by_side_cpus(2, 2, {6, 7, 2, 3}, {0, 1, 2, 3, 4, 5, 6, 7}, "--host-cpus"),
            (Groups{{6, 7}, {2, 3}}));
}

// Too few CPUs for guests of their own: one line naming the option, the
// CPUs it had and how many it needs.
TEST(SideBySide, RefusesTooFewCpusNamingTheOptionAndWhatItNeeds) {
  try {
    side_by_side_cpus(2, 2, {}, {0, 1}, "--side-by-side");
    FAIL() << "two guests of 2 vCPUs on 2 CPUs";
  } catch (const UsageError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("--side-by-side"), std::string::npos) << what;
    EXPECT_NE(what.find("0-1"), std::string::npos) << what;
    EXPECT_NE(what.find("4 host CPUs"), std::string::npos) << what;
  }
  EXPECT_THROW(side_by_side_cpus(2, 1, {3}, {0, 1, 2, 3}, "--host-cpus"), UsageError);
}

}  // namespace
}  // namespace schedlab::guest
