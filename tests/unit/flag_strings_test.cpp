// Scenario controls and probes know no command-line flag strings (issue
// 31): they are named by their setting's key and given the option's text by
// their caller (OptionNameOf, or the option a selection was parsed from), so
// the same code serves --vary, a result file's field and a guest's spec.  A
// string literal that spells "--flag" in their code fails here.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <string>

#include "support/source_code.h"

namespace schedlab {
namespace {

namespace fs = std::filesystem;


TEST(FlagStrings, ScenarioAndProbesSpellNone) {
  static const std::regex flag(R"re("[^"]*--[a-z][^"]*")re");
  int files = 0;
  for (const char* folder : {"scenario", "probes"}) {
    for (const auto& entry : fs::recursive_directory_iterator(fs::path(SCHEDLAB_SOURCE_DIR) / "src" / folder)) {
      if (!entry.is_regular_file()) continue;
      ++files;
      std::ifstream in(entry.path());
      int number = 0;
      for (std::string line; std::getline(in, line);) {
        ++number;
        EXPECT_FALSE(std::regex_search(testing::code_of(line), flag))
            << entry.path().string() << ":" << number << " spells a flag: take the option's name from the caller";
      }
    }
  }
  EXPECT_GT(files, 30);
}

}  // namespace
}  // namespace schedlab
