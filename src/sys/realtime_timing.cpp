#include "sys/realtime_timing.h"

#include <sched.h>

namespace schedlab::sys {

RealtimeTiming::RealtimeTiming() {
  sched_param old{};
  old_policy_ = sched_getscheduler(0);
  if (old_policy_ < 0 || sched_getparam(0, &old) != 0) return;
  old_priority_ = old.sched_priority;
  const sched_param rt{1};
  active_ = sched_setscheduler(0, SCHED_FIFO | SCHED_RESET_ON_FORK, &rt) == 0;
}

RealtimeTiming::~RealtimeTiming() {
  if (!active_) return;
  const sched_param old{old_priority_};
  sched_setscheduler(0, old_policy_, &old);  // keeps the reset-on-fork bit off again
}

}  // namespace schedlab::sys
