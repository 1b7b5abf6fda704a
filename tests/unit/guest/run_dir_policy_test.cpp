// The guest's run directory is journaled as a scratch tree: `schedlab
// restore` must accept it (src/scenario/restore_policy.cpp), so a SIGKILLed
// `schedlab kernels` leaves nothing once the next invocation has run.
#include <gtest/gtest.h>

#include "scenario/restore_policy.h"

namespace schedlab {

TEST(GuestRunDir, RestoreAcceptsAGuestsRunDirectory) {
  const RestoreRoots roots;
  EXPECT_EQ(why_not_ours({Change::Kind::kTree, "/tmp/schedlab-guest-4242-a1B2c3", "", "x"}, roots), "");
  EXPECT_NE(why_not_ours({Change::Kind::kTree, "/tmp/schedlab-guest-4242-a1B2c3/../../etc", "", "x"}, roots), "");
  EXPECT_NE(why_not_ours({Change::Kind::kTree, "/tmp/guest-4242-a1B2c3", "", "x"}, roots), "");
}

}  // namespace schedlab
