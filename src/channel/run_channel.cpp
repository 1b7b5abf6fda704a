#include "sys/shared_region.h"

#include <linux/futex.h>
#include <sys/mman.h>
#include <sys/syscall.h>

#include <climits>
#include <cstring>

#include "core/error.h"

namespace schedlab::sys {

SharedRegion::SharedRegion(int ncopies) {
  size_ = sizeof(sl_shared_header) + sizeof(sl_copy_slot) * static_cast<std::size_t>(ncopies);
  fd_ = UniqueFd(memfd_create("schedlab-run", MFD_CLOEXEC));
  if (!fd_) throw SystemError("shared region: memfd_create", "schedlab-run", errno);
  if (ftruncate(fd_.get(), static_cast<off_t>(size_)) != 0)
    throw SystemError("shared region: ftruncate", "schedlab-run", errno);
  void* p = mmap(nullptr, size_, PROT_READ | PROT_WRITE, MAP_SHARED, fd_.get(), 0);
  if (p == MAP_FAILED) throw SystemError("shared region: mmap", "schedlab-run", errno);
  shared_ = static_cast<sl_shared*>(p);
  std::memset(p, 0, size_);
  shared_->hdr.version = SL_PROTOCOL_VERSION;
  shared_->hdr.ncopies = static_cast<std::uint32_t>(ncopies);
}

SharedRegion::~SharedRegion() {
  if (shared_) munmap(shared_, size_);
}

void SharedRegion::set_phase(sl_phase phase) {
  __atomic_store_n(&shared_->hdr.phase, static_cast<std::uint32_t>(phase), __ATOMIC_RELEASE);
  syscall(SYS_futex, &shared_->hdr.phase, FUTEX_WAKE, INT_MAX, nullptr, nullptr, 0);
}

std::uint32_t SharedRegion::ready() const {
  return __atomic_load_n(&shared_->hdr.ready, __ATOMIC_ACQUIRE);
}

void SharedRegion::wait_ready_change(std::uint32_t seen, std::chrono::nanoseconds timeout) const {
  timespec ts{static_cast<time_t>(timeout.count() / 1'000'000'000),
              static_cast<long>(timeout.count() % 1'000'000'000)};
  syscall(SYS_futex, &shared_->hdr.ready, FUTEX_WAIT, seen, &ts, nullptr, 0);
}

std::uint64_t SharedRegion::loops(int i) const {
  return __atomic_load_n(&shared_->slot[i].loops, __ATOMIC_RELAXED);
}

int SharedRegion::state(int i) const {
  return __atomic_load_n(&shared_->slot[i].state, __ATOMIC_ACQUIRE);
}

}  // namespace schedlab::sys
