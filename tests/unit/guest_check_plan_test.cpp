// check --kernel's boot plan (flows/check_kernel.h): how long the guest's
// check may take, and the accelerator the baseline's guest had.
#include <gtest/gtest.h>

#include "flows/check_kernel.h"

namespace schedlab {
namespace {

TEST(GuestCheckPlan, TheDeadlineIsTheBootAndThreeTimesTheRunsAtMost) {
  RunSpec spec;
  spec.options.duration = std::chrono::seconds(2);
  spec.options.warmup = std::chrono::seconds(1);
  // 120 s to boot, then 3 x 10 runs x (2 s window + 1 s warmup + 5 s of setup).
  EXPECT_EQ(guest_check_deadline(spec, 10), std::chrono::seconds(120 + 3 * 10 * 8));
  EXPECT_LT(guest_check_deadline(spec, 1), guest_check_deadline(spec, 2)) << "more runs, more time";
}

TEST(GuestCheckPlan, TheBaselinesAcceleratorElseTcg) {
  EXPECT_EQ(baseline_accel({{"accel", "kvm"}}), guest::Accel::kKvm);
  EXPECT_EQ(baseline_accel({{"accel", "tcg"}}), guest::Accel::kTcg);
  EXPECT_EQ(baseline_accel(ordered_json::object()), guest::Accel::kTcg) << "a baseline from before guests recorded it";
}

}  // namespace
}  // namespace schedlab
