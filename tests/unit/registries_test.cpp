// The registries are made at the top and passed down (issue 31): the
// command line makes the built-in workloads and probes once (cli/app.cpp's
// run_app) and hands them to what it calls, so a test can hand an extended
// copy to the same code (tests/unit/worked_example_test.cpp).  A call of
// builtin_workloads() or builtin_probes() anywhere else in src/ is a hidden
// registry, and fails here.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <string>

#include "support/source_code.h"

namespace schedlab {
namespace {

namespace fs = std::filesystem;

// Where a call is the top's, or the list's own definition, relative to
// src/.  Each other entry says why it may.
bool allowed(const std::string& file) {
  static const std::set<std::string> kFiles = {
      "main.cpp",
      "workloads/builtin.h",  // the declarations and definitions of the lists
      "workloads/builtin.cpp",
      "probes/probe.h",
      "probes/builtin.cpp",
  };
  return file.rfind("cli/", 0) == 0 || kFiles.count(file) > 0;
}


TEST(Registries, OnlyTheTopMakesThem) {
  static const std::regex call(R"(\bbuiltin_(workloads|probes)\(\))");
  const fs::path src = fs::path(SCHEDLAB_SOURCE_DIR) / "src";
  int files = 0, calls = 0;
  for (const auto& entry : fs::recursive_directory_iterator(src)) {
    if (!entry.is_regular_file()) continue;
    const std::string file = fs::relative(entry.path(), src).string();
    ++files;
    std::ifstream in(entry.path());
    int number = 0;
    for (std::string line; std::getline(in, line);) {
      ++number;
      if (!std::regex_search(testing::code_of(line), call)) continue;
      ++calls;
      EXPECT_TRUE(allowed(file)) << "src/" << file << ":" << number << " makes a registry of its own: take it "
                                 << "from the caller (the command line makes them once, cli/app.cpp)";
    }
  }
  EXPECT_GT(files, 300);
  EXPECT_GE(calls, 4) << "the lists' own definitions and the top's calls: did they move?";
}

}  // namespace
}  // namespace schedlab
