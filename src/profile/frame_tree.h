#pragma once
// Folded stacks as the tree a flame graph draws: each node a frame on one
// call path, with the samples of that path (inclusive: itself and what it
// called) and its own (self).  For a differential flame graph each node
// also carries the share its path had in the baseline.  Pure.
#include <cstdint>
#include <string>
#include <vector>

#include "profile/folded_stacks.h"

namespace schedlab::profile {

struct FrameNode {
  std::string name;
  std::uint64_t samples = 0;   // this path and every path below it
  std::uint64_t self = 0;      // stacks that end here
  double base_share = 0;       // differential: the baseline's share of this path (0..1)
  std::vector<FrameNode> children;  // by name
};

// The tree of `stacks` under a root named "all" holding every sample.
FrameNode frame_tree(const FoldedStacks& stacks);

// Sets every node's base_share: the share of the baseline's samples on the
// same path (0 for a path the baseline never took).
void set_base_shares(FrameNode& tree, const FoldedStacks& base);

// The deepest path's number of frames below the root.
std::size_t tree_depth(const FrameNode& tree);

// Every run's stacks of a set added together.
FoldedStacks merged_stacks(const std::vector<FoldedStacks>& runs);

}  // namespace schedlab::profile
