#pragma once
// For the tests that read src/ as text (Registries.*, FlagStrings.*).
#include <string>

namespace schedlab::testing {

// The line without its // comment (the files walked hold no "//" inside a string).
inline std::string code_of(const std::string& line) {
  const auto comment = line.find("//");
  return comment == std::string::npos ? line : line.substr(0, comment);
}

}  // namespace schedlab::testing
