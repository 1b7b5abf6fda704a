#include "guest/wait_until.h"

#include <algorithm>

namespace schedlab::guest {

bool wait_until(sys::SignalGate& gate, std::chrono::steady_clock::time_point deadline,
                const std::function<bool()>& done, std::chrono::milliseconds step) {
  for (;;) {
    // Another thread waiting on the same gate may have read the signal
    // (guests booted side by side): every thread stops on what it remembered.
    gate.throw_if_interrupted();
    if (done()) return true;
    const auto now = std::chrono::steady_clock::now();
    if (now >= deadline) return false;
    const auto left = std::chrono::duration_cast<std::chrono::nanoseconds>(deadline - now);
    gate.wait(std::min<std::chrono::nanoseconds>(step, left));
  }
}

}  // namespace schedlab::guest
