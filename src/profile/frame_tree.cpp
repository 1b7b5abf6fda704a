#include "profile/frame_tree.h"

#include <algorithm>

namespace schedlab::profile {
namespace {

FrameNode& child(FrameNode& node, std::string_view name) {
  for (auto& c : node.children)
    if (c.name == name) return c;
  node.children.push_back({std::string(name)});
  return node.children.back();
}

void sort_children(FrameNode& node) {
  std::sort(node.children.begin(), node.children.end(),
            [](const FrameNode& a, const FrameNode& b) { return a.name < b.name; });
  for (auto& c : node.children) sort_children(c);
}

// The baseline's tree walked beside this one: a node's base share is the
// matching node's samples over the baseline's total.
void copy_shares(FrameNode& node, const FrameNode* base, double total) {
  node.base_share = base && total > 0 ? static_cast<double>(base->samples) / total : 0;
  for (auto& c : node.children) {
    const FrameNode* match = nullptr;
    if (base)
      for (const auto& b : base->children)
        if (b.name == c.name) match = &b;
    copy_shares(c, match, total);
  }
}

}  // namespace

FrameNode frame_tree(const FoldedStacks& stacks) {
  FrameNode root{"all"};
  for (const auto& [stack, count] : stacks.stacks) {
    root.samples += count;
    FrameNode* node = &root;
    for (const auto frame : frames_of(stack)) {
      node = &child(*node, frame);
      node->samples += count;
    }
    node->self += count;
  }
  sort_children(root);
  return root;
}

void set_base_shares(FrameNode& tree, const FoldedStacks& base) {
  const FrameNode b = frame_tree(base);
  copy_shares(tree, &b, static_cast<double>(b.samples));
}

std::size_t tree_depth(const FrameNode& tree) {
  std::size_t deepest = 0;
  for (const auto& c : tree.children) deepest = std::max(deepest, 1 + tree_depth(c));
  return deepest;
}

FoldedStacks merged_stacks(const std::vector<FoldedStacks>& runs) {
  FoldedStacks out;
  for (const auto& r : runs)
    for (const auto& [stack, count] : r.stacks) out.add(stack, count);
  return out;
}

}  // namespace schedlab::profile
