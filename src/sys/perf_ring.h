#pragma once
// One perf_event mmap ring buffer, read as its owner (perf_event_open(2),
// "MMAP layout"): a metadata page, then a power-of-two data area the kernel
// writes records into at data_head while we free them by moving data_tail.
// The mapping is writable, so the kernel never overwrites unread records:
// when the ring is full it drops new ones and later writes a
// PERF_RECORD_LOST saying how many (the reader counts those).
#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <vector>

namespace schedlab::sys {

class PerfRing {
 public:
  PerfRing() = default;
  // Maps the ring of the event `fd` (not owned) with `data_pages` data pages
  // (a power of two).  Returns 0 or the errno of mmap (EINVAL: not a power
  // of two, or an inherited per-task event, which the kernel refuses to map;
  // EPERM: over kernel.perf_event_mlock_kb without CAP_IPC_LOCK).
  int map(int fd, std::size_t data_pages);
  ~PerfRing();
  PerfRing(PerfRing&& other) noexcept;
  PerfRing& operator=(PerfRing&& other) noexcept;
  PerfRing(const PerfRing&) = delete;
  PerfRing& operator=(const PerfRing&) = delete;

  // Calls `record` with every complete record written since the last
  // drain, oldest first, each as its bytes (header included; a record that
  // wraps around the end of the area is copied whole first), then frees
  // their space.  Returns how many records it read.  Not thread-safe: one
  // reader per ring.
  std::size_t drain(const std::function<void(std::span<const std::byte>)>& record);
  std::size_t data_bytes() const { return data_size_; }
  int fd() const { return fd_; }

 private:
  void unmap() noexcept;
  int fd_ = -1;
  void* base_ = nullptr;
  std::size_t map_size_ = 0, data_size_ = 0;
  std::vector<std::byte> wrapped_;  // scratch for a record split by the wrap
};

// Data pages for one ring: the largest power of two whose ring (with its
// metadata page) fits in `mlock_kb` KiB (kernel.perf_event_mlock_kb, the
// per-CPU budget of locked perf memory an unprivileged user has), at most
// `max_pages` and at least 1.
std::size_t ring_data_pages(std::uint64_t mlock_kb, std::size_t page_size, std::size_t max_pages);

}  // namespace schedlab::sys
