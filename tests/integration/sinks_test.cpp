// No measured run is lost to one destination failing: a result file that
// cannot be written (a full disk) still leaves the sets in the store, and
// the command says so and exits 5 only after the store has them.
#include <gtest/gtest.h>
#include <sys/mount.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "integration/harness.h"
#include "support/skip.h"

namespace schedlab::testing {
namespace {

// A small tmpfs, full, mounted for the test and unmounted after.
class FullDisk {
 public:
  explicit FullDisk(const std::string& dir) : dir_(dir) {
    std::filesystem::create_directory(dir_);
    mounted_ = mount("tmpfs", dir_.c_str(), "tmpfs", 0, "size=64k") == 0;
    if (!mounted_) return;
    std::ofstream fill(dir_ + "/fill");
    const std::string block(4096, 'x');
    for (int i = 0; i < 64 && fill; ++i) fill << block;
  }
  ~FullDisk() {
    if (mounted_) umount(dir_.c_str());
  }
  bool mounted() const { return mounted_; }

 private:
  std::string dir_;
  bool mounted_ = false;
};

}  // namespace

TEST(Sinks, AFullDiskForTheResultFileStillStoresTheRuns) {
  if (geteuid() != 0) SCHEDLAB_SKIP(kRoot) << "needs root to mount a small tmpfs";
  TempDir dir;
  const FullDisk disk(dir.file("full"));
  ASSERT_TRUE(disk.mounted());
  const std::string store = dir.file("r.db");
  const Outcome o = run_schedlab({"run", "spawn", "--runs", "2", "--duration", "100ms", "--label", "kept",
                                  "--json", dir.file("full/r.json"), "--store", store});
  EXPECT_EQ(o.status, 5) << o.err;
  EXPECT_NE(o.err.find(dir.file("full/r.json")), std::string::npos) << "names the file: " << o.err;
  const Outcome h = run_schedlab({"history", "--store", store, "--json"});
  ASSERT_EQ(h.status, 0) << h.err;
  const auto history = nlohmann::json::parse(h.out);
  ASSERT_FALSE(history.at("sets").empty()) << h.out;
  EXPECT_EQ(history.at("sets").at(0).at("label"), "kept");
  EXPECT_EQ(history.at("sets").at(0).at("runs"), 2) << "both runs reached the store";
}

}  // namespace schedlab::testing
