#pragma once
// The argv that execve and posix_spawn take, over strings the caller keeps.
#include <string>
#include <vector>

namespace schedlab::sys {

// Pointers into `args` (which must outlive the result), then the null that
// ends the list.  Build it before fork(): allocating in the child of a
// threaded process is not async-signal-safe.  exec* never writes through
// the pointers; the cast is only for their C prototypes.
inline std::vector<char*> exec_argv(const std::vector<std::string>& args) {
  std::vector<char*> argv;
  argv.reserve(args.size() + 1);
  for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  return argv;
}

}  // namespace schedlab::sys
