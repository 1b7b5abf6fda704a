// Unit tests for src/guest/cpio_archive.cpp: the archive reads back as the
// kernel's initramfs unpacker reads it.
#include "guest/cpio_archive.h"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <cstdlib>
#include <string>
#include <vector>

namespace schedlab::guest {
namespace {

struct Entry {
  std::string name, data;
  unsigned long mode = 0, rdev_major = 0, rdev_minor = 0;
};

unsigned long field(const std::string& a, std::size_t at, int index) {
  return std::strtoul(a.substr(at + 6 + static_cast<std::size_t>(index) * 8, 8).c_str(), nullptr, 16);
}

// A newc reader: magic, 13 hex fields, name and data each padded to 4.
std::vector<Entry> read_newc(const std::string& a) {
  std::vector<Entry> out;
  for (std::size_t at = 0;;) {
    EXPECT_EQ(a.substr(at, 6), "070701");
    EXPECT_EQ(at % 4, 0u);
    const unsigned long size = field(a, at, 6), namesize = field(a, at, 11);
    Entry e{a.substr(at + 110, namesize - 1), "", field(a, at, 1), field(a, at, 9), field(a, at, 10)};
    at = (at + 110 + namesize + 3) / 4 * 4;
    e.data = a.substr(at, size);
    at = (at + size + 3) / 4 * 4;
    if (e.name == "TRAILER!!!") {
      EXPECT_EQ(at, a.size());
      return out;
    }
    out.push_back(e);
  }
}

std::string sample() {
  CpioArchive a;
  a.add_directory("bin");
  a.add_char_device("dev/console", 5, 1, 0600);
  a.add_file("init", "#!/bin/sh\n", 0755);
  a.add_file("bin/busybox", std::string("\x7f" "ELF\0\1", 6), 0755);
  return a.finish();
}

}  // namespace

TEST(CpioArchive, ReadsBackAsNewcEntries) {
  const auto entries = read_newc(sample());
  ASSERT_EQ(entries.size(), 4u);
  EXPECT_EQ(entries[0].name, "bin");
  EXPECT_EQ(entries[0].mode, static_cast<unsigned long>(S_IFDIR | 0755));
  EXPECT_EQ(entries[1].mode, static_cast<unsigned long>(S_IFCHR | 0600));
  EXPECT_EQ(entries[1].rdev_major, 5u);
  EXPECT_EQ(entries[1].rdev_minor, 1u);
  EXPECT_EQ(entries[2].data, "#!/bin/sh\n");
  EXPECT_EQ(entries[3].data, std::string("\x7f" "ELF\0\1", 6));
}

TEST(CpioArchive, TheSameInputsGiveTheSameBytes) { EXPECT_EQ(sample(), sample()); }

TEST(CpioArchive, AlignedImagesCanBeFollowedByAnotherArchive) {
  std::string image = "gzip bytes";  // 10 bytes, as a compressed initrd may end anywhere
  align_archive(image);
  EXPECT_EQ(image.size(), 12u);
  image += sample();
  EXPECT_EQ(image.substr(12, 6), "070701");
}

TEST(CpioFile, FindsARegularFileByItsPathAndNothingElse) {
  const std::string a = sample();
  EXPECT_EQ(cpio_file(a, "init"), "#!/bin/sh\n");
  EXPECT_EQ(cpio_file(a, "bin/busybox"), std::string("\x7f" "ELF\0\1", 6));
  EXPECT_EQ(cpio_file(a, "bin"), std::nullopt);  // a directory
  EXPECT_EQ(cpio_file(a, "usr/bin/schedlab"), std::nullopt);
}

TEST(CpioFile, ACutOrForeignArchiveIsRefusedNotReadPastItsEnd) {
  const std::string a = sample();
  for (std::size_t cut = 0; cut < a.size(); ++cut)
    EXPECT_THROW(cpio_file(std::string_view(a).substr(0, cut), "no such file"), std::runtime_error) << cut;
  std::string huge = a;
  huge.replace(6 + 8 * 6, 8, "FFFFFFF0");  // the first entry's size, far past the end
  EXPECT_THROW(cpio_file(huge, "init"), std::runtime_error);
  std::string not_hex = a;
  not_hex.replace(6 + 8 * 11, 8, "0000000x");
  EXPECT_THROW(cpio_file(not_hex, "init"), std::runtime_error);
  EXPECT_THROW(cpio_file("\x1f\x8b gzip, not cpio", "init"), std::runtime_error);
}

}  // namespace schedlab::guest
