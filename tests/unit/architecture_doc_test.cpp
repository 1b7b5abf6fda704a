// docs/architecture.md is a map a newcomer follows: every path it names
// must exist, and every room of the house (each folder of src/) must be on
// it.  A file that moves, or a folder that is added, fails here until the
// map says so.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>

namespace {

namespace fs = std::filesystem;

const fs::path kRoot = SCHEDLAB_SOURCE_DIR;

std::string architecture_text() {
  std::ifstream in(kRoot / "docs/architecture.md");
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The `code spans` of the document.
std::vector<std::string> code_spans(const std::string& text) {
  std::vector<std::string> spans;
  static const std::regex span("`([^`\n]+)`");
  for (auto it = std::sregex_iterator(text.begin(), text.end(), span); it != std::sregex_iterator(); ++it)
    spans.push_back((*it)[1]);
  return spans;
}

// A span that names a path: words with a '/' and a file's extension or a
// trailing '/' ("cli/app.cpp", "src/workloads/", "tests/unit/layers_test.cpp").
// Templates ("src/workloads/NAME.cpp", "add_<command>") and commands with
// spaces are not paths.
bool names_a_path(const std::string& span) {
  static const std::regex path(R"(^[a-z0-9_.\-/]+(\.(cpp|h|c|md|sh|txt|json|in|config)|/)$)");
  return span.find('/') != std::string::npos && std::regex_match(span, path);
}

bool exists_in_repository(const std::string& path) {
  return fs::exists(kRoot / path) || fs::exists(kRoot / "src" / path);
}

TEST(ArchitectureDoc, EveryPathItNamesExists) {
  int checked = 0;
  for (const auto& span : code_spans(architecture_text())) {
    if (!names_a_path(span)) continue;
    ++checked;
    EXPECT_TRUE(exists_in_repository(span)) << "docs/architecture.md names `" << span
                                            << "`, which is neither in the repository nor in src/";
  }
  EXPECT_GT(checked, 20) << "the map names almost no paths: did its format change?";
}

// Each folder of src/ appears as a word of the layer diagram or the layout:
// `name`, `name/`, `src/name` or "name" in a diagram line.
TEST(ArchitectureDoc, EveryFolderOfSrcIsDescribed) {
  const std::string text = architecture_text();
  for (const auto& entry : fs::directory_iterator(kRoot / "src")) {
    if (!entry.is_directory()) continue;
    const std::string name = entry.path().filename().string();
    const std::regex mention(fmt::format("(`(src/)?{0}/?`|\\n{0}\\b|  {0}  )", name));
    EXPECT_TRUE(std::regex_search(text, mention)) << "src/" << name << "/ is not described in docs/architecture.md";
  }
}

}  // namespace
