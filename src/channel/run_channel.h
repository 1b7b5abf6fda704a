#pragma once
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <variant>

#include "channel/protocol.h"
#include "sys/unique_fd.h"

namespace schedlab::channel {

// A copy's typed configuration: none, or the struct its mode declares
// (sl_mode_table[mode].config_bytes).
using ModeConfig = std::variant<std::monostate, sl_wakeup_config>;

// How the copies of one run end, as the harness tells them.
struct StopPlan {
  sl_stop_mode mode = SL_STOP_WINDOW;
  std::uint64_t iterations = 0;  // SL_STOP_ITERATIONS: loops per copy
};

// The channel of one run (protocol.h): a memfd the workers receive as fd 3,
// mapped here, laid out for `mode` with `ncopies` copies (and `counters`
// per-thread loop counters each, for threaded modes).  Unmapped and closed
// on destruction.  Not thread-safe.
class RunChannel {
 public:
  RunChannel(sl_mode mode, int ncopies, StopPlan stop, std::uint32_t counters);
  ~RunChannel();
  RunChannel(const RunChannel&) = delete;
  RunChannel& operator=(const RunChannel&) = delete;

  int fd() const { return fd_.get(); }
  int ncopies() const { return static_cast<int>(header_->ncopies); }
  const sl_mode_layout& layout() const { return sl_mode_table[header_->mode]; }
  StopPlan stop() const { return {static_cast<sl_stop_mode>(header_->stop_mode), header_->iterations}; }

  // Writes copy `i`'s configuration before the copy starts.  Throws
  // std::logic_error when it is not the type the mode declares (a mode that
  // takes one must get it: the worker would refuse to run without).
  void set_config(int i, const ModeConfig& config);

  // Publishes a new phase and wakes every copy waiting at the barrier.
  void set_phase(sl_phase phase);
  // Copies that reached the barrier.
  std::uint32_t ready() const;
  // Sleeps until `ready()` changes from `seen` or `timeout` passes.
  void wait_ready_change(std::uint32_t seen, std::chrono::nanoseconds timeout) const;

  // Loops copy `i` completed so far: its counter, plus its threads' counters.
  std::uint64_t loops(int i) const;
  int state(int i) const;
  // Copy `i`'s slot and results; read them only once the copy has exited.
  const sl_copy_slot& slot(int i) const { return *slot_ptr(i); }
  const sl_hist& histogram(int i, std::uint32_t k) const;
  std::uint64_t scalar(int i, std::uint32_t k) const;

 private:
  sl_copy_slot* slot_ptr(int i) const;

  sys::UniqueFd fd_;
  sl_shared_header* header_ = nullptr;
  std::size_t size_ = 0;
};

}  // namespace schedlab::channel
