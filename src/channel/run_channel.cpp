#include "channel/run_channel.h"

#include <fmt/format.h>
#include <linux/futex.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <climits>
#include <cstring>
#include <stdexcept>
#include <type_traits>

#include "core/error.h"

namespace schedlab::channel {

static_assert(sizeof(sl_shared_header) == 64, "the header is one cache line");
static_assert(sizeof(sl_copy_slot) % 64 == 0, "slots never share a cache line");

namespace {

// The mode each configuration type belongs to.
std::optional<sl_mode> mode_of(const ModeConfig& config) {
  if (std::holds_alternative<sl_wakeup_config>(config)) return SL_MODE_WAKEUP;
  return std::nullopt;
}

}  // namespace

RunChannel::RunChannel(sl_mode mode, int ncopies, StopPlan stop, std::uint32_t counters) {
  const sl_mode_layout& layout = sl_mode_table[mode];
  if (!layout.counters) counters = 0;
  const std::uint64_t copy_bytes = sl_copy_bytes(&layout, counters);
  size_ = sizeof(sl_shared_header) + copy_bytes * static_cast<std::size_t>(ncopies);
  fd_ = sys::UniqueFd(memfd_create("schedlab-run", MFD_CLOEXEC));
  if (!fd_) throw SystemError("channel: memfd_create", "schedlab-run", errno);
  if (ftruncate(fd_.get(), static_cast<off_t>(size_)) != 0)
    throw SystemError("channel: ftruncate", "schedlab-run", errno);
  void* p = mmap(nullptr, size_, PROT_READ | PROT_WRITE, MAP_SHARED, fd_.get(), 0);
  if (p == MAP_FAILED) throw SystemError("channel: mmap", "schedlab-run", errno);
  // A fresh memfd reads as zeros: only the header is written, so a large
  // result area costs memory only where a copy writes.
  header_ = static_cast<sl_shared_header*>(p);
  header_->version = SL_CHANNEL_VERSION;
  header_->ncopies = static_cast<std::uint32_t>(ncopies);
  header_->mode = mode;
  header_->stop_mode = stop.mode;
  header_->iterations = stop.iterations;
  header_->copy_bytes = copy_bytes;
  header_->counters = counters;
}

RunChannel::~RunChannel() {
  if (header_) munmap(header_, size_);
}

void RunChannel::set_config(int i, const ModeConfig& config) {
  const sl_mode mode = static_cast<sl_mode>(header_->mode);
  const std::uint32_t bytes = layout().config_bytes;
  const auto belongs = mode_of(config);
  if (bytes == 0 && !belongs) return;
  if (belongs != mode)
    throw std::logic_error(fmt::format("channel: mode {} needs {}, given another configuration", layout().name,
                                       bytes ? "its configuration" : "none"));
  std::visit(
      [&](const auto& c) {
        if constexpr (!std::is_same_v<std::decay_t<decltype(c)>, std::monostate>) {
          static_assert(sizeof c % 8 == 0);
          if (sizeof c != bytes) throw std::logic_error("channel: configuration size differs from the layout's");
          std::memcpy(sl_slot_config(slot_ptr(i)), &c, sizeof c);
        }
      },
      config);
}

void RunChannel::set_phase(sl_phase phase) {
  __atomic_store_n(&header_->phase, static_cast<std::uint32_t>(phase), __ATOMIC_RELEASE);
  syscall(SYS_futex, &header_->phase, FUTEX_WAKE, INT_MAX, nullptr, nullptr, 0);
}

std::uint32_t RunChannel::ready() const { return __atomic_load_n(&header_->ready, __ATOMIC_ACQUIRE); }

void RunChannel::wait_ready_change(std::uint32_t seen, std::chrono::nanoseconds timeout) const {
  timespec ts{static_cast<time_t>(timeout.count() / 1'000'000'000),
              static_cast<long>(timeout.count() % 1'000'000'000)};
  syscall(SYS_futex, &header_->ready, FUTEX_WAIT, seen, &ts, nullptr, 0);
}

sl_copy_slot* RunChannel::slot_ptr(int i) const {
  return sl_slot_at(header_, header_, static_cast<std::uint32_t>(i));
}

std::uint64_t RunChannel::loops(int i) const {
  sl_copy_slot* slot = slot_ptr(i);
  std::uint64_t loops = __atomic_load_n(&slot->loops, __ATOMIC_RELAXED);
  const sl_counter* counters = sl_slot_counters(slot, &layout());
  for (std::uint32_t k = 0; k < header_->counters; ++k)
    loops += __atomic_load_n(&counters[k].loops, __ATOMIC_RELAXED);
  return loops;
}

int RunChannel::state(int i) const { return __atomic_load_n(&slot_ptr(i)->state, __ATOMIC_ACQUIRE); }

const sl_hist& RunChannel::histogram(int i, std::uint32_t k) const {
  if (k >= layout().histograms) throw std::logic_error("channel: no such histogram");
  return *sl_slot_hist(slot_ptr(i), &layout(), k);
}

std::uint64_t RunChannel::scalar(int i, std::uint32_t k) const {
  if (k >= layout().scalars) throw std::logic_error("channel: no such scalar");
  return sl_slot_scalars(slot_ptr(i), &layout())[k];
}

}  // namespace schedlab::channel
