// Decoding the sampling ring's records from their bytes, in the layouts
// perf_event_open(2) gives for the profile probe's sample_type.
#include "profile/perf_records.h"

#include <gtest/gtest.h>
#include <linux/perf_event.h>

#include <cstring>
#include <string>
#include <vector>

namespace schedlab::profile {
namespace {

// A record built field by field; size() is written into the header last.
class Bytes {
 public:
  Bytes(std::uint32_t type, std::uint16_t misc) {
    perf_event_header h{type, misc, 0};
    put(h);
  }
  template <typename T>
  Bytes& put(const T& v) {
    // resize + memcpy: GCC 12 warns (stringop-overflow) on a range insert
    // into an empty vector that it inlines.
    const auto at = bytes_.size();
    bytes_.resize(at + sizeof v);
    std::memcpy(bytes_.data() + at, &v, sizeof v);
    return *this;
  }
  Bytes& text(const std::string& s) {  // NUL-terminated, padded to 8 bytes
    std::string padded = s + '\0';
    padded.resize((padded.size() + 7) / 8 * 8, '\0');
    for (char c : padded) bytes_.push_back(static_cast<std::byte>(c));
    return *this;
  }
  Bytes& sample_id(std::uint32_t pid, std::uint32_t tid, std::uint64_t time) { return put(pid).put(tid).put(time); }
  std::vector<std::byte> done() {
    const auto size = static_cast<std::uint16_t>(bytes_.size());
    std::memcpy(bytes_.data() + offsetof(perf_event_header, size), &size, sizeof size);
    return bytes_;
  }

 private:
  std::vector<std::byte> bytes_;
};

constexpr std::uint64_t kKernelMark = static_cast<std::uint64_t>(PERF_CONTEXT_KERNEL);
constexpr std::uint64_t kUserMark = static_cast<std::uint64_t>(PERF_CONTEXT_USER);

}  // namespace

TEST(PerfRecords, SampleSplitsTheChainAtItsMarkers) {
  auto b = Bytes(PERF_RECORD_SAMPLE, PERF_RECORD_MISC_KERNEL)
               .put(std::uint64_t{0xffffffff81000010})
               .put(std::uint32_t{42}).put(std::uint32_t{43}).put(std::uint64_t{1000})
               .put(std::uint64_t{6})
               .put(kKernelMark).put(std::uint64_t{0xffffffff81000010}).put(std::uint64_t{0xffffffff81000200})
               .put(kUserMark).put(std::uint64_t{0x401000}).put(std::uint64_t{0x401500})
               .done();
  const auto r = decode_record(b);
  ASSERT_TRUE(r);
  const auto& s = std::get<SampleRecord>(*r);
  EXPECT_EQ(s.pid, 42u);
  EXPECT_EQ(s.tid, 43u);
  EXPECT_EQ(s.time, 1000u);
  EXPECT_EQ(s.kernel, (std::vector<std::uint64_t>{0xffffffff81000010, 0xffffffff81000200}));
  EXPECT_EQ(s.user, (std::vector<std::uint64_t>{0x401000, 0x401500}));
  EXPECT_FALSE(s.truncated);
  EXPECT_EQ(record_time(*r), 1000u);
}

TEST(PerfRecords, SideBandRecordsCarryTheirTimeAtTheEnd) {
  const auto mmap = decode_record(Bytes(PERF_RECORD_MMAP, PERF_RECORD_MISC_USER)
                                      .put(std::uint32_t{7}).put(std::uint32_t{7})
                                      .put(std::uint64_t{0x1000}).put(std::uint64_t{0x2000}).put(std::uint64_t{0x3000})
                                      .text("/usr/bin/true").sample_id(7, 7, 555).done());
  ASSERT_TRUE(mmap);
  const auto& m = std::get<MmapRecord>(*mmap);
  EXPECT_EQ(m.path, "/usr/bin/true");
  EXPECT_EQ(m.start, 0x1000u);
  EXPECT_EQ(m.length, 0x2000u);
  EXPECT_EQ(m.file_offset, 0x3000u);
  EXPECT_EQ(m.time, 555u);
  EXPECT_FALSE(m.kernel);

  const auto comm = decode_record(Bytes(PERF_RECORD_COMM, PERF_RECORD_MISC_COMM_EXEC)
                                      .put(std::uint32_t{7}).put(std::uint32_t{7}).text("true")
                                      .sample_id(7, 7, 556).done());
  ASSERT_TRUE(comm);
  EXPECT_TRUE(std::get<CommRecord>(*comm).exec);
  EXPECT_EQ(std::get<CommRecord>(*comm).comm, "true");
  EXPECT_EQ(record_time(*comm), 556u);

  const auto fork = decode_record(Bytes(PERF_RECORD_FORK, 0)
                                      .put(std::uint32_t{8}).put(std::uint32_t{7}).put(std::uint32_t{8})
                                      .put(std::uint32_t{7}).put(std::uint64_t{557}).sample_id(8, 8, 557).done());
  ASSERT_TRUE(fork);
  EXPECT_EQ(std::get<TaskRecord>(*fork).ppid, 7u);
  EXPECT_FALSE(std::get<TaskRecord>(*fork).exit);

  const auto lost = decode_record(Bytes(PERF_RECORD_LOST, 0).put(std::uint64_t{1}).put(std::uint64_t{12})
                                      .sample_id(0, 0, 558).done());
  ASSERT_TRUE(lost);
  EXPECT_EQ(std::get<LostRecord>(*lost).lost, 12u);
  EXPECT_EQ(record_time(*lost), 558u);
}

TEST(PerfRecords, RefusesBytesTooShortForTheirType) {
  auto b = Bytes(PERF_RECORD_SAMPLE, 0).put(std::uint64_t{1}).put(std::uint32_t{1}).put(std::uint32_t{1})
               .put(std::uint64_t{5}).put(std::uint64_t{100}).done();  // 100 frames announced, none there
  EXPECT_FALSE(decode_record(b));
  auto header_only = Bytes(PERF_RECORD_MMAP, 0).done();
  EXPECT_FALSE(decode_record(header_only));
  auto wrong_size = Bytes(PERF_RECORD_LOST, 0).put(std::uint64_t{1}).put(std::uint64_t{2}).done();
  wrong_size.pop_back();
  EXPECT_FALSE(decode_record(wrong_size));
  EXPECT_FALSE(decode_record(Bytes(PERF_RECORD_READ, 0).sample_id(1, 1, 1).done())) << "a type not used";
}

}  // namespace schedlab::profile
