#include "sys/perf_ring.h"

#include <linux/perf_event.h>
#include <sys/mman.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <utility>

namespace schedlab::sys {

int PerfRing::map(int fd, std::size_t data_pages) {
  unmap();
  const auto page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  const std::size_t size = (1 + data_pages) * page;
  void* base = mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  if (base == MAP_FAILED) return errno;
  fd_ = fd;
  base_ = base;
  map_size_ = size;
  data_size_ = data_pages * page;
  return 0;
}

PerfRing::~PerfRing() { unmap(); }

PerfRing::PerfRing(PerfRing&& other) noexcept
    : fd_(std::exchange(other.fd_, -1)),
      base_(std::exchange(other.base_, nullptr)),
      map_size_(std::exchange(other.map_size_, 0)),
      data_size_(std::exchange(other.data_size_, 0)) {}

PerfRing& PerfRing::operator=(PerfRing&& other) noexcept {
  if (this != &other) {
    unmap();
    fd_ = std::exchange(other.fd_, -1);
    base_ = std::exchange(other.base_, nullptr);
    map_size_ = std::exchange(other.map_size_, 0);
    data_size_ = std::exchange(other.data_size_, 0);
  }
  return *this;
}

void PerfRing::unmap() noexcept {
  if (base_) munmap(base_, map_size_);
  base_ = nullptr;
  fd_ = -1;
  map_size_ = data_size_ = 0;
}

// The kernel publishes data_head after writing the records before it, so it
// is read with acquire; data_tail is stored with release after the records
// were copied out, so the kernel cannot reuse their space before we are done
// with it (the rmb / mb pair perf_event_open(2) asks for).
std::size_t PerfRing::drain(const std::function<void(std::span<const std::byte>)>& record) {
  if (!base_) return 0;
  auto* meta = static_cast<perf_event_mmap_page*>(base_);
  const auto* data = static_cast<const std::byte*>(base_) + (map_size_ - data_size_);
  const std::uint64_t head = std::atomic_ref<__u64>(meta->data_head).load(std::memory_order_acquire);
  std::uint64_t tail = meta->data_tail;
  std::size_t n = 0;
  while (tail < head) {
    const std::size_t at = tail % data_size_;
    perf_event_header header{};
    // Records are 8-byte aligned and the area a power of two: a header never wraps.
    std::memcpy(&header, data + at, sizeof header);
    if (header.size < sizeof header || tail + header.size > head) break;  // torn: stop here
    if (at + header.size <= data_size_) {
      record({data + at, header.size});
    } else {
      const std::size_t first = data_size_ - at;
      wrapped_.resize(header.size);
      std::memcpy(wrapped_.data(), data + at, first);
      std::memcpy(wrapped_.data() + first, data, header.size - first);
      record(wrapped_);
    }
    tail += header.size;
    ++n;
  }
  std::atomic_ref<__u64>(meta->data_tail).store(tail, std::memory_order_release);
  return n;
}

std::size_t ring_data_pages(std::uint64_t mlock_kb, std::size_t page_size, std::size_t max_pages) {
  const std::uint64_t page_kb = page_size / 1024;
  const std::uint64_t budget_pages = page_kb > 0 ? mlock_kb / page_kb : 0;
  std::size_t pages = 1;
  while (pages * 2 <= max_pages && pages * 2 + 1 <= budget_pages) pages *= 2;
  return pages;
}

}  // namespace schedlab::sys
