#include "profile/perf_records.h"

#include <linux/perf_event.h>

#include <cstring>

namespace schedlab::profile {
namespace {

// Reads fixed-size fields in order, refusing to run past the record.
class Reader {
 public:
  explicit Reader(std::span<const std::byte> bytes) : bytes_(bytes) {}
  template <typename T>
  bool read(T& out) {
    if (at_ + sizeof(T) > bytes_.size()) return false;
    std::memcpy(&out, bytes_.data() + at_, sizeof(T));
    at_ += sizeof(T);
    return true;
  }
  std::size_t at() const { return at_; }
  std::size_t size() const { return bytes_.size(); }
  // A NUL-terminated string ending before `end` (the record's sample_id).
  std::string string_until(std::size_t end) const {
    if (at_ >= end || end > bytes_.size()) return {};
    const auto* p = reinterpret_cast<const char*>(bytes_.data() + at_);
    return std::string(p, strnlen(p, end - at_));
  }

 private:
  std::span<const std::byte> bytes_;
  std::size_t at_ = 0;
};

// With sample_id_all, side-band records end with the sample's id fields:
// pid and tid, then time (sys::kSampleTypeBits).
constexpr std::size_t kSampleIdBytes = 16;

std::uint64_t trailer_time(std::span<const std::byte> bytes) {
  std::uint64_t t = 0;
  if (bytes.size() >= sizeof(perf_event_header) + kSampleIdBytes)
    std::memcpy(&t, bytes.data() + bytes.size() - sizeof t, sizeof t);
  return t;
}

std::optional<Record> decode_sample(Reader& r) {
  SampleRecord s;
  std::uint64_t ip = 0, nr = 0;
  if (!r.read(ip) || !r.read(s.pid) || !r.read(s.tid) || !r.read(s.time) || !r.read(nr)) return std::nullopt;
  if (nr > (r.size() - r.at()) / sizeof(std::uint64_t)) return std::nullopt;
  std::vector<std::uint64_t>* part = nullptr;
  for (std::uint64_t i = 0; i < nr; ++i) {
    std::uint64_t a = 0;
    r.read(a);
    if (a >= static_cast<std::uint64_t>(PERF_CONTEXT_MAX)) {  // a context marker
      part = a == static_cast<std::uint64_t>(PERF_CONTEXT_KERNEL) ? &s.kernel
             : a == static_cast<std::uint64_t>(PERF_CONTEXT_USER) ? &s.user
                                                                  : nullptr;
      s.truncated |= part == nullptr;
      continue;
    }
    if (part) part->push_back(a);
  }
  if (s.kernel.empty() && s.user.empty() && ip != 0) s.user.push_back(ip);  // no chain: the IP alone
  return s;
}

std::optional<Record> decode_mmap(Reader& r, const perf_event_header& h, std::span<const std::byte> bytes) {
  MmapRecord m;
  m.time = trailer_time(bytes);
  if (!r.read(m.pid) || !r.read(m.tid) || !r.read(m.start) || !r.read(m.length) || !r.read(m.file_offset))
    return std::nullopt;
  m.path = r.string_until(r.size() - kSampleIdBytes);
  m.kernel = (h.misc & PERF_RECORD_MISC_CPUMODE_MASK) == PERF_RECORD_MISC_KERNEL;
  return m;
}

std::optional<Record> decode_comm(Reader& r, const perf_event_header& h, std::span<const std::byte> bytes) {
  CommRecord c;
  c.time = trailer_time(bytes);
  if (!r.read(c.pid) || !r.read(c.tid)) return std::nullopt;
  c.comm = r.string_until(r.size() - kSampleIdBytes);
  c.exec = (h.misc & PERF_RECORD_MISC_COMM_EXEC) != 0;
  return c;
}

std::optional<Record> decode_task(Reader& r, bool exit) {
  TaskRecord t;
  t.exit = exit;
  if (!r.read(t.pid) || !r.read(t.ppid) || !r.read(t.tid) || !r.read(t.ptid) || !r.read(t.time))
    return std::nullopt;
  return t;
}

}  // namespace

std::optional<Record> decode_record(std::span<const std::byte> bytes) {
  Reader r(bytes);
  perf_event_header h{};
  if (!r.read(h) || h.size != bytes.size()) return std::nullopt;
  const bool with_id = bytes.size() >= sizeof h + kSampleIdBytes;
  switch (h.type) {
    case PERF_RECORD_SAMPLE: return decode_sample(r);
    case PERF_RECORD_MMAP: return with_id ? decode_mmap(r, h, bytes) : std::nullopt;
    case PERF_RECORD_COMM: return with_id ? decode_comm(r, h, bytes) : std::nullopt;
    case PERF_RECORD_FORK: return decode_task(r, false);
    case PERF_RECORD_EXIT: return decode_task(r, true);
    case PERF_RECORD_LOST: {
      std::uint64_t id = 0, lost = 0;
      if (!r.read(id) || !r.read(lost)) return std::nullopt;
      return LostRecord{trailer_time(bytes), lost};
    }
    case PERF_RECORD_THROTTLE:
    case PERF_RECORD_UNTHROTTLE: {
      std::uint64_t time = 0;
      if (!r.read(time)) return std::nullopt;
      return ThrottleRecord{time, h.type == PERF_RECORD_THROTTLE};
    }
    default: return std::nullopt;
  }
}

std::uint64_t record_time(const Record& record) {
  return std::visit([](const auto& r) { return r.time; }, record);
}

}  // namespace schedlab::profile
