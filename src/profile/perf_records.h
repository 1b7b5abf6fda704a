#pragma once
// The records a sampling ring holds (sys/perf_sampler.h), decoded from
// their bytes: samples with their call chains, and the side-band records
// that say which program a user address belongs to (mmap of executable
// mappings, comm changes with their exec flag, forks and exits), the
// kernel's count of records it dropped, throttling.  Layouts: the
// perf_event_open(2) man page, "MMAP layout", for the sample_type
// sys::kSampleTypeBits with sample_id_all.  Pure: no system calls.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <variant>
#include <vector>

namespace schedlab::profile {

// Call chains list the leaf first; the kernel part before the user part.
struct SampleRecord {
  std::uint32_t pid = 0, tid = 0;  // process (tgid) and thread
  std::uint64_t time = 0;          // CLOCK_MONOTONIC ns
  std::vector<std::uint64_t> kernel, user;  // addresses, leaf first
  bool truncated = false;          // the chain held markers of another context (guest, hypervisor)
};
struct MmapRecord {
  std::uint32_t pid = 0, tid = 0;
  std::uint64_t time = 0, start = 0, length = 0, file_offset = 0;
  std::string path;                // "//anon", "[vdso]" or a file
  bool kernel = false;             // a kernel module's mapping (not a process's)
};
struct CommRecord {
  std::uint32_t pid = 0, tid = 0;
  std::uint64_t time = 0;
  std::string comm;
  bool exec = false;               // the process exec'd a new program
};
struct TaskRecord {                // PERF_RECORD_FORK / PERF_RECORD_EXIT
  std::uint32_t pid = 0, ppid = 0, tid = 0, ptid = 0;
  std::uint64_t time = 0;
  bool exit = false;
};
struct LostRecord {
  std::uint64_t time = 0, lost = 0;  // samples (and side-band records) dropped: the ring was full
};
struct ThrottleRecord {
  std::uint64_t time = 0;
  bool throttled = false;          // false: unthrottled
};

using Record = std::variant<SampleRecord, MmapRecord, CommRecord, TaskRecord, LostRecord, ThrottleRecord>;

// The record `bytes` hold (header included); nullopt for a record type
// this reader does not use, or for bytes too short for their type.
std::optional<Record> decode_record(std::span<const std::byte> bytes);

// The time of a decoded record (every kind carries one with sample_id_all).
std::uint64_t record_time(const Record& record);

}  // namespace schedlab::profile
