#pragma once
#include <chrono>
#include <functional>

#include "sys/signals.h"

namespace schedlab::guest {

// Waits until `done()` holds or `deadline` passes, looking every `step` and
// whenever a child exits; a terminating signal throws Interrupted (the
// caller's guards then stop QEMU and remove what it made).  Returns
// whether done() held.
bool wait_until(sys::SignalGate& gate, std::chrono::steady_clock::time_point deadline,
                const std::function<bool()>& done,
                std::chrono::milliseconds step = std::chrono::milliseconds(50));

}  // namespace schedlab::guest
