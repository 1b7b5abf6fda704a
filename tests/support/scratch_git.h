#pragma once
// git in a test's scratch repository (export --git-tree's tests): `git -C
// DIR ARGS` with a fixed author, so no user configuration is needed.
#include <gtest/gtest.h>
#include <stdio.h>

#include <cstdlib>
#include <string>

namespace schedlab::testing {

inline bool have_git() { return std::system("command -v git >/dev/null 2>&1") == 0; }

// Its output (stdout and stderr) without the trailing newline; a failure
// fails the test, with git's words.
inline std::string scratch_git(const std::string& dir, const std::string& args) {
  const std::string command =
      "git -C '" + dir + "' -c user.email=t@example.invalid -c user.name=t " + args + " 2>&1";
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) {
    ADD_FAILURE() << "cannot run " << command;
    return "";
  }
  std::string text;
  char buffer[4096];
  for (std::size_t n; (n = fread(buffer, 1, sizeof buffer, pipe)) > 0;) text.append(buffer, n);
  EXPECT_EQ(pclose(pipe), 0) << "git " << args << ": " << text;
  while (!text.empty() && text.back() == '\n') text.pop_back();
  return text;
}

}  // namespace schedlab::testing
