#include "profile/folded_stacks.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <stdexcept>

namespace schedlab::profile {

std::uint64_t FoldedStacks::total() const {
  std::uint64_t n = 0;
  for (const auto& [stack, count] : stacks) n += count;
  return n;
}

void FoldedStacks::add(std::string_view stack, std::uint64_t count) {
  if (count == 0) return;
  if (auto it = stacks.find(stack); it != stacks.end()) it->second += count;
  else stacks.emplace(std::string(stack), count);
}

std::string folded_text(const FoldedStacks& folded) {
  std::string out;
  for (const auto& [stack, count] : folded.stacks) out += fmt::format("{} {}\n", stack, count);
  return out;
}

FoldedStacks parse_folded(std::string_view text) {
  FoldedStacks out;
  std::size_t line_no = 0;
  while (!text.empty()) {
    const auto nl = std::min(text.find('\n'), text.size());
    const std::string_view line = text.substr(0, nl);
    text.remove_prefix(std::min(nl + 1, text.size()));
    ++line_no;
    if (line.empty()) continue;
    const auto space = line.rfind(' ');
    std::uint64_t count = 0;
    const char* end = line.data() + line.size();
    if (space == std::string_view::npos || space == 0 ||
        std::from_chars(line.data() + space + 1, end, count).ptr != end || count == 0)
      throw std::runtime_error(fmt::format("folded stacks, line {}: expected \"frame;...;frame COUNT\"", line_no));
    out.add(line.substr(0, space), count);
  }
  return out;
}

std::vector<std::string_view> frames_of(std::string_view stack) {
  std::vector<std::string_view> frames;
  while (true) {
    const auto semi = stack.find(';');
    frames.push_back(stack.substr(0, semi));
    if (semi == std::string_view::npos) break;
    stack.remove_prefix(semi + 1);
  }
  return frames;
}

std::vector<std::string> merge_rarest(FoldedStacks& folded, std::size_t count) {
  std::vector<std::pair<std::string, std::uint64_t>> order;
  for (const auto& [stack, n] : folded.stacks)
    if (stack.find(';') != std::string::npos) order.emplace_back(stack, n);
  const auto depth = [](const std::string& s) { return std::count(s.begin(), s.end(), ';'); };
  std::stable_sort(order.begin(), order.end(), [&](const auto& a, const auto& b) {
    return a.second != b.second ? a.second < b.second : depth(a.first) > depth(b.first);
  });
  order.resize(std::min(order.size(), count));
  std::vector<std::string> replaced;
  for (auto& [stack, n] : order) {
    const auto it = folded.stacks.find(stack);
    if (it == folded.stacks.end()) continue;
    const std::uint64_t all = it->second;  // a parent merged earlier in this round may have grown
    folded.stacks.erase(it);
    folded.add(std::string_view(stack).substr(0, stack.rfind(';')), all);
    replaced.push_back(std::move(stack));
  }
  return replaced;
}

}  // namespace schedlab::profile
