// The skip reasons of tests/support/skip.h: every name is unique and reads
// back, and the SCHEDLAB_REQUIRE this run was given names only reasons, so a
// typo in CI's list cannot quietly require nothing.
#include <gtest/gtest.h>

#include <set>

#include "support/skip.h"

namespace schedlab::testing {
namespace {

TEST(SkipReasons, EveryNameIsUniqueAndReadsBack) {
  std::set<std::string> names;
  for (const auto& r : kSkipReasonNames) {
    EXPECT_TRUE(names.insert(r.name).second) << r.name;
    EXPECT_EQ(skip_reason_named(r.name), r.reason) << r.name;
    EXPECT_STREQ(to_string(r.reason), r.name);
  }
  EXPECT_FALSE(skip_reason_named("all"));
  EXPECT_FALSE(skip_reason_named("Root"));
}

TEST(SkipReasons, SchedlabRequireNamesOnlyReasons) {
  const auto unknown = unknown_required_names();
  EXPECT_TRUE(unknown.empty()) << "SCHEDLAB_REQUIRE names no skip reason: " << unknown.front()
                               << " (tests/support/skip.h lists them)";
}

}  // namespace
}  // namespace schedlab::testing
