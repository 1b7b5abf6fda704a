// Layers point down: every #include in src/ names a directory at or below
// the includer's own layer.  The order is the architecture
// (docs/architecture.md); a new directory must take its place here, or
// this test fails.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>

namespace schedlab {
namespace {

namespace fs = std::filesystem;

// Bottom first.  Directories on one line are one layer: they may not
// include each other.
const std::vector<std::vector<std::string>> kLayers = {
    {"core"},
    {"stats", "sys"},
    {"input"},  // every byte from outside (issue 30): over sys's system calls
    {"channel", "env", "profile", "scenario"},
    {"probes"},
    {"workloads"},
    {"spec"},
    {"runner"},
    {"compare", "check"},
    {"store"},
    {"report"},
    {"sink", "guest", "session"},
    {"grid"},  // LAVA jobs and logs, KCIDB documents: over the store and the guest builder
    {"flows"},  // run, check, suite, kernels, lava, bisect over typed specs, results to sinks (issue 31)
    {"cli"},
};

std::map<std::string, int> layer_of() {
  std::map<std::string, int> out;
  for (int i = 0; i < static_cast<int>(kLayers.size()); ++i)
    for (const auto& dir : kLayers[static_cast<size_t>(i)]) out[dir] = i;
  return out;
}

}  // namespace

TEST(Layers, EveryIncludePointsDown) {
  const auto layers = layer_of();
  const fs::path src = fs::path(SCHEDLAB_SOURCE_DIR) / "src";
  static const std::regex include("^#include \"([a-z_]+)/");
  int checked = 0;
  for (const auto& entry : fs::recursive_directory_iterator(src)) {
    if (!entry.is_regular_file()) continue;
    const auto rel = fs::relative(entry.path(), src);
    const std::string dir = rel.begin()->string();
    if (dir == "worker" || rel.string().find('/') == std::string::npos) continue;  // the C worker; main.cpp
    ASSERT_TRUE(layers.count(dir)) << "src/" << dir << " has no layer: give it one in tests/unit/layers_test.cpp";
    std::ifstream in(entry.path());
    for (std::string line; std::getline(in, line);) {
      std::smatch m;
      if (!std::regex_search(line, m, include)) continue;
      const std::string target = m[1];
      if (target == dir) continue;
      ASSERT_TRUE(layers.count(target)) << rel << " includes " << target << "/, which has no layer";
      EXPECT_LT(layers.at(target), layers.at(dir)) << rel << " includes " << line << ": up or across a layer";
      ++checked;
    }
  }
  EXPECT_GT(checked, 300);
}

}  // namespace schedlab
