// Following which program each sampled process runs: seeded from
// /proc/PID/maps, through fork, exec and mmap, to file offsets.
#include "profile/address_spaces.h"

#include <gtest/gtest.h>

namespace schedlab::profile {
namespace {

const char* kMaps =
    "55d3c2a00000-55d3c2a01000 r--p 00000000 08:01 1234        /usr/libexec/schedlab/schedlab-worker\n"
    "55d3c2a01000-55d3c2a03000 r-xp 00001000 08:01 1234        /usr/libexec/schedlab/schedlab-worker\n"
    "55d3c2c00000-55d3c2c21000 rw-p 00000000 00:00 0           [heap]\n"
    "7f0000028000-7f000017d000 r-xp 00028000 08:01 99          /usr/lib/x86_64-linux-gnu/libc.so.6\n"
    "7fff12345000-7fff12347000 r-xp 00000000 00:00 0           [vdso]\n"
    "7fff12400000-7fff12401000 r-xp 00000000 00:00 0 \n";

}  // namespace

TEST(AddressSpaces, KeepsTheExecutableFileMappingsOfMaps) {
  const auto m = executable_mappings(kMaps);
  ASSERT_EQ(m.size(), 3u) << "the worker's text, libc's text and the vDSO; not data, not anonymous";
  EXPECT_EQ(m[0].first, "/usr/libexec/schedlab/schedlab-worker");
  EXPECT_EQ(m[0].second.start, 0x55d3c2a01000u);
  EXPECT_EQ(m[0].second.file_offset, 0x1000u);
  EXPECT_EQ(m[2].first, "[vdso]");
  EXPECT_TRUE(executable_mappings("garbage\n\n12-x r-xp 0 0 0 /a\n").empty());
}

TEST(AddressSpaces, ResolvesToFileOffsetsThroughForkAndExec) {
  AddressSpaces s;
  s.seed(100, "sl-spawn", kMaps);
  const auto worker = s.resolve(100, 0x55d3c2a01234);
  ASSERT_TRUE(worker);
  EXPECT_EQ(s.files()[worker->file], "/usr/libexec/schedlab/schedlab-worker");
  EXPECT_EQ(worker->offset, 0x1234u);
  EXPECT_FALSE(s.resolve(100, 0x55d3c2c00010)) << "the heap is not executable";

  s.fork(101, 100);
  EXPECT_EQ(s.comm(101), "sl-spawn");
  EXPECT_TRUE(s.resolve(101, 0x7f0000030000)) << "a forked child runs its parent's program";

  s.exec(101, "true");
  EXPECT_FALSE(s.resolve(101, 0x55d3c2a01234)) << "an exec leaves nothing of the old program";
  s.map(101, 0x5600000000, 0x3000, 0x2000, "/usr/bin/true");
  const auto t = s.resolve(101, 0x5600000010);
  ASSERT_TRUE(t);
  EXPECT_EQ(s.files()[t->file], "/usr/bin/true");
  EXPECT_EQ(t->offset, 0x2010u);
  EXPECT_EQ(s.comm(101), "true");
  EXPECT_TRUE(s.resolve(100, 0x55d3c2a01234)) << "the parent is untouched";

  s.exit(101);
  EXPECT_FALSE(s.known(101));
  EXPECT_EQ(s.comm(101), "[unknown]");
}

TEST(AddressSpaces, ANewMappingReplacesWhatItOverlaps) {
  AddressSpaces s;
  s.map(5, 0x1000, 0x2000, 0, "/a");
  s.map(5, 0x2000, 0x1000, 0x5000, "/b");
  const auto at = s.resolve(5, 0x2800);
  ASSERT_TRUE(at);
  EXPECT_EQ(s.files()[at->file], "/b");
  EXPECT_FALSE(s.resolve(5, 0x1800)) << "the overlapped mapping is gone whole";
}

}  // namespace schedlab::profile
