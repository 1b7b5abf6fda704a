#pragma once
#include <chrono>
#include <cstddef>
#include <cstdint>

#include "sys/unique_fd.h"
#include "worker/protocol.h"

namespace schedlab::sys {

// The memory shared with the copies of one run (worker/protocol.h): a memfd
// the workers receive as fd 3, mapped here.  Unmapped and closed on
// destruction.  Not thread-safe.
class SharedRegion {
 public:
  explicit SharedRegion(int ncopies);
  ~SharedRegion();
  SharedRegion(const SharedRegion&) = delete;
  SharedRegion& operator=(const SharedRegion&) = delete;

  int fd() const { return fd_.get(); }
  int ncopies() const { return static_cast<int>(shared_->hdr.ncopies); }

  // Publishes a new phase and wakes every copy waiting at the barrier.
  void set_phase(sl_phase phase);
  // Copies that reached the barrier.
  std::uint32_t ready() const;
  // Sleeps until `ready()` changes from `seen` or `timeout` passes.
  void wait_ready_change(std::uint32_t seen, std::chrono::nanoseconds timeout) const;

  // The loop counter of copy `i`, read atomically.
  std::uint64_t loops(int i) const;
  // Copy `i`'s slot; read the scalar fields only once the copy has exited.
  const sl_copy_slot& slot(int i) const { return shared_->slot[i]; }
  int state(int i) const;

 private:
  UniqueFd fd_;
  sl_shared* shared_ = nullptr;
  std::size_t size_ = 0;
};

}  // namespace schedlab::sys
