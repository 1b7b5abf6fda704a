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

namespace schedlab {
namespace {

namespace fs = std::filesystem;

// The line without its // comment (the folders walked hold no "//" inside a string).
std::string code_of(const std::string& line) {
  const auto comment = line.find("//");
  return comment == std::string::npos ? line : line.substr(0, comment);
}

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
        EXPECT_FALSE(std::regex_search(code_of(line), flag))
            << entry.path().string() << ":" << number << " spells a flag: take the option's name from the caller";
      }
    }
  }
  EXPECT_GT(files, 30);
}

}  // namespace
}  // namespace schedlab
