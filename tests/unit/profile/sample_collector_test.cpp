// Raw stacks counted from decoded records: records of one drain pass are
// applied in time order whatever ring they came from.
#include "profile/sample_collector.h"

#include <gtest/gtest.h>

namespace schedlab::profile {
namespace {

SampleRecord sample(std::uint32_t pid, std::uint64_t time, std::vector<std::uint64_t> kernel,
                    std::vector<std::uint64_t> user) {
  SampleRecord s;
  s.pid = s.tid = pid;
  s.time = time;
  s.kernel = std::move(kernel);
  s.user = std::move(user);
  return s;
}

AddressSpaces one_program() {
  AddressSpaces s;
  s.map(10, 0x400000, 0x1000, 0, "/bin/loop");
  s.rename(10, "loop");
  return s;
}

}  // namespace

TEST(SampleCollector, ReturnAddressesPointIntoTheCall) {
  SampleCollector c(one_program(), nullptr);
  c.add(sample(10, 5, {0xffff0010, 0xffff0100}, {0x400050, 0x400080}));
  c.end_pass();
  ASSERT_EQ(c.stacks().size(), 1u);
  const auto& [stack, count] = *c.stacks().begin();
  EXPECT_EQ(count, 1u);
  EXPECT_EQ(c.comms()[stack.comm], "loop");
  ASSERT_EQ(stack.frames.size(), 4u);
  EXPECT_EQ(stack.frames[0], (RawFrame{RawFrame::kKernel, 0xffff0010})) << "the sampled instruction itself";
  EXPECT_EQ(stack.frames[1], (RawFrame{RawFrame::kKernel, 0xffff00ff}));
  EXPECT_EQ(stack.frames[2], (RawFrame{RawFrame::kFile, 0x4f})) << "the user address at the syscall";
  EXPECT_EQ(stack.frames[3], (RawFrame{RawFrame::kFile, 0x7f}));
  EXPECT_EQ(c.totals().samples, 1u);
  EXPECT_EQ(c.totals().kernel_samples, 1u);
}

TEST(SampleCollector, OrdersAPassByTimeAcrossRings) {
  SampleCollector c(one_program(), nullptr);
  // Read from CPU 1's ring first, but the exec on CPU 0 came earlier.
  c.add(sample(10, 30, {}, {0x500010}));
  c.add(CommRecord{10, 10, 10, "other", true});
  c.add(MmapRecord{10, 10, 20, 0x500000, 0x1000, 0x3000, "/bin/other", false});
  c.end_pass();
  ASSERT_EQ(c.stacks().size(), 1u);
  const auto& [stack, count] = *c.stacks().begin();
  EXPECT_EQ(c.comms()[stack.comm], "other");
  EXPECT_EQ(stack.frames[0].address, 0x3010u) << "a user-mode sample's own address is exact";
  EXPECT_EQ(c.spaces().files()[stack.frames[0].kind - RawFrame::kFile], "/bin/other");
  EXPECT_EQ(c.totals().kernel_samples, 0u);
}

TEST(SampleCollector, ForksExitsLossAndTheSeeder) {
  int asked = 0;
  SampleCollector c(one_program(), [&](pid_t pid, AddressSpaces& s) {
    ++asked;
    if (pid != 77) return false;
    s.seed(77, "late", "00400000-00401000 r-xp 00000000 00:00 1 /bin/late\n");
    return true;
  });
  c.add(TaskRecord{11, 10, 11, 10, 1, false});
  c.add(sample(11, 2, {0xffff0010}, {0x400010}));
  c.add(TaskRecord{11, 10, 11, 10, 3, true});
  c.add(LostRecord{4, 9});
  c.add(sample(77, 5, {}, {0x400020}));
  c.add(sample(88, 6, {}, {0x400020}));
  c.add(sample(88, 7, {}, {0x400020}));
  c.end_pass();
  EXPECT_EQ(c.totals().lost, 9u);
  EXPECT_EQ(c.totals().samples, 4u);
  EXPECT_EQ(asked, 2) << "once for 77, once for 88 (which is gone)";
  EXPECT_TRUE(c.spaces().known(11)) << "an exit is applied one pass later";
  c.end_pass();
  EXPECT_FALSE(c.spaces().known(11));
  bool late = false, unknown = false;
  for (const auto& [stack, n] : c.stacks()) {
    late |= c.comms()[stack.comm] == "late" && stack.frames[0].kind >= RawFrame::kFile;
    unknown |= c.comms()[stack.comm] == "[unknown]" && stack.frames[0].kind == RawFrame::kUnmapped && n == 2;
  }
  EXPECT_TRUE(late);
  EXPECT_TRUE(unknown);
}

}  // namespace schedlab::profile
