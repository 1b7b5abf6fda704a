#include "store/kernel_version.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

namespace schedlab::store {
namespace {

TEST(KernelVersion, ReleasesSortAsKernelPeopleReadThem) {
  const std::vector<std::string> ordered = {
      "5.15.0-91-generic", "6.1.0-13-amd64", "6.1.0-28-amd64", "6.9", "6.9.12", "6.10",
      "6.10.1", "6.10.2", "6.10.10", "6.11-rc1", "6.11-rc2", "6.11.0-rc7-00042-gdeadbeef1234",
      "6.11", "6.11.0", "6.11.0-1-amd64", "6.12.0"};
  auto shuffled = ordered;
  std::shuffle(shuffled.begin(), shuffled.end(), std::mt19937(5));
  std::sort(shuffled.begin(), shuffled.end(),
            [](const auto& a, const auto& b) { return compare_kernel_releases(a, b) < 0; });
  EXPECT_EQ(shuffled, ordered);
  EXPECT_EQ(compare_kernel_releases("6.11.0", "6.11.0"), 0);
}

TEST(KernelVersion, CommitComesFromTheLocalVersion) {
  EXPECT_EQ(kernel_commit("6.11.0-rc3-00042-gdeadbeef1234"), "deadbeef1234");
  EXPECT_EQ(kernel_commit("6.11.0-rc3-00042-gdeadbeef1234-dirty"), "deadbeef1234");
  EXPECT_EQ(kernel_commit("6.1.0-13-amd64"), "");
  EXPECT_EQ(kernel_commit("6.1.0-generic"), "");
}

}  // namespace
}  // namespace schedlab::store
