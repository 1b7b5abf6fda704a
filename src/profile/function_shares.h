#pragma once
// Per-function shares of one profile, as LKP's 0-day mails give them
// (perf-profile.self.* and perf-profile.children.*): a function's self
// samples are those whose leaf frame it is; its children samples are those
// with it anywhere on the stack (once per sample, recursion or not), i.e.
// the time in it and in everything it called.  The first frame of a stack,
// the process name, is not a function and is left out.  Pure.
#include <cstdint>
#include <map>
#include <string>

#include "profile/folded_stacks.h"

namespace schedlab::profile {

struct FunctionCounts {
  std::uint64_t self = 0, children = 0;
};

struct FunctionTable {
  std::uint64_t total = 0;  // samples of the profile
  std::map<std::string, FunctionCounts, std::less<>> functions;
};

FunctionTable function_counts(const FoldedStacks& folded);

}  // namespace schedlab::profile
