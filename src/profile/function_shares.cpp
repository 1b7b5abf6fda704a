#include "profile/function_shares.h"

#include <set>

namespace schedlab::profile {

FunctionTable function_counts(const FoldedStacks& folded) {
  FunctionTable t;
  std::set<std::string_view> seen;  // the functions of one stack
  for (const auto& [stack, count] : folded.stacks) {
    t.total += count;
    const auto frames = frames_of(stack);
    seen.clear();
    for (std::size_t i = 1; i < frames.size(); ++i) {
      if (!seen.insert(frames[i]).second) continue;
      auto it = t.functions.find(frames[i]);
      if (it == t.functions.end()) it = t.functions.emplace(std::string(frames[i]), FunctionCounts{}).first;
      it->second.children += count;
    }
    if (frames.size() > 1) t.functions.find(frames.back())->second.self += count;
  }
  return t;
}

}  // namespace schedlab::profile
