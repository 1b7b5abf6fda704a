// Unit tests for src/guest/console_log.cpp.
#include "guest/console_log.h"

#include <gtest/gtest.h>

namespace schedlab::guest {

TEST(ConsoleLog, FollowsTheGuestToItsExit) {
  const auto r = read_console(
      "[    0.000000] Linux version 6.1.0-57-cloud-amd64 (debian-kernel@lists.debian.org)\r\n"
      "SCHEDLAB-GUEST-INIT uptime 1.93 kernel 6.1.0-57-cloud-amd64\r\n"
      "SCHEDLAB-GUEST-RUN uptime 2.71\r\n"
      "SCHEDLAB-GUEST-EXIT 4 uptime 4.50\r\n");
  EXPECT_TRUE(r.banner);
  EXPECT_TRUE(r.init_started);
  EXPECT_DOUBLE_EQ(r.run_uptime_s.value_or(0), 2.71);
  EXPECT_EQ(r.exit_status.value_or(-1), 4);
  EXPECT_DOUBLE_EQ(r.exit_uptime_s.value_or(0), 4.5);
  EXPECT_TRUE(r.failure.empty());
  EXPECT_TRUE(r.panic.empty());
}

TEST(ConsoleLog, NamesWhatInitCouldNotDoAndAPanic) {
  const auto r = read_console(
      "SCHEDLAB-GUEST-INIT uptime 1.0 kernel x\n"
      "SCHEDLAB-GUEST-FAIL mount virtiofs hostroot (needs CONFIG_VIRTIO_PCI, CONFIG_VIRTIO_FS)\n"
      "[    3.1] Kernel panic - not syncing: Attempted to kill init! exitcode=0x00000100\n");
  EXPECT_EQ(r.failure, "mount virtiofs hostroot (needs CONFIG_VIRTIO_PCI, CONFIG_VIRTIO_FS)");
  EXPECT_EQ(r.panic, "Kernel panic - not syncing: Attempted to kill init! exitcode=0x00000100");
  EXPECT_FALSE(r.exit_status);
}

TEST(ConsoleLog, KeepsTheLastLinesPrintable) {
  const auto lines = last_lines("a\r\nb\n\nc\x1b[0m\nd", 3);
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines[0], "b");
  EXPECT_EQ(lines[1], "c\\x1b[0m");
  EXPECT_EQ(lines[2], "d");
}

}  // namespace schedlab::guest
