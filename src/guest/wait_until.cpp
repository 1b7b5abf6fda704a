#include "guest/wait_until.h"

#include <algorithm>

namespace schedlab::guest {

bool wait_until(sys::SignalGate& gate, std::chrono::steady_clock::time_point deadline,
                const std::function<bool()>& done, std::chrono::milliseconds step) {
  for (;;) {
    if (done()) return true;
    const auto now = std::chrono::steady_clock::now();
    if (now >= deadline) return false;
    const auto left = std::chrono::duration_cast<std::chrono::nanoseconds>(deadline - now);
    if (gate.wait(std::min<std::chrono::nanoseconds>(step, left)) == sys::SignalGate::Event::kInterrupt)
      gate.throw_if_interrupted();
  }
}

}  // namespace schedlab::guest
