#pragma once
// A profile as folded stacks, the format of Brendan Gregg's FlameGraph
// tools: one line per distinct stack, "frame;frame;...;frame COUNT", root
// first.  schedlab's stacks start with the process name (comm), then the
// user frames, then the kernel frames, each suffixed "_[k]" as
// stackcollapse-perf.pl --kernel writes them.  Pure.
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace schedlab::profile {

inline constexpr std::string_view kKernelSuffix = "_[k]";

struct FoldedStacks {
  std::map<std::string, std::uint64_t, std::less<>> stacks;  // stack -> samples; sorted, unique
  std::uint64_t total() const;
  void add(std::string_view stack, std::uint64_t count);
};

// "stack count\n" per stack, in sorted order: the same profile, the same bytes.
std::string folded_text(const FoldedStacks& folded);
// Reads folded_text's format; throws std::runtime_error naming the line
// for one that has no count or an empty stack.
FoldedStacks parse_folded(std::string_view text);

// The frames of a stack, root first.
std::vector<std::string_view> frames_of(std::string_view stack);

// Replaces the rarest `count` stacks (fewest samples, the deepest first
// among equals) by their parent — the stack without its leaf — keeping
// every sample: their self time moves to the parent frame.  A stack of one
// frame has no parent and stays.  Returns the stacks it replaced.
std::vector<std::string> merge_rarest(FoldedStacks& folded, std::size_t count);

}  // namespace schedlab::profile
