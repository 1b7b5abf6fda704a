// Folded stacks: the text format, its codec, the size budget and the
// per-function counts compare tests.
#include <gtest/gtest.h>

#include <stdexcept>

#include "profile/folded_codec.h"
#include "profile/folded_stacks.h"
#include "profile/function_shares.h"
#include "profile/symbolize.h"

namespace schedlab::profile {
namespace {

FoldedStacks small() {
  FoldedStacks f;
  f.add("sl-spawn;main;fork;entry_SYSCALL_64_[k];do_syscall_64_[k];kernel_clone_[k]", 60);
  f.add("sl-spawn;main;fork;entry_SYSCALL_64_[k];do_syscall_64_[k];kernel_clone_[k];copy_process_[k]", 30);
  f.add("sl-spawn;main", 10);
  return f;
}

}  // namespace

TEST(FoldedStacks, TextRoundTripsAndAddsDuplicates) {
  auto f = small();
  f.add("sl-spawn;main", 5);
  EXPECT_EQ(f.total(), 105u);
  const auto text = folded_text(f);
  EXPECT_NE(text.find("sl-spawn;main 15\n"), std::string::npos);
  EXPECT_EQ(parse_folded(text).stacks, f.stacks);
  EXPECT_EQ(parse_folded("a;b 1\na;b 2\n").stacks.at("a;b"), 3u);
  EXPECT_THROW(parse_folded("a;b\n"), std::runtime_error);
  EXPECT_THROW(parse_folded("a;b x\n"), std::runtime_error);
  EXPECT_THROW(parse_folded(" 3\n"), std::runtime_error);
  EXPECT_THROW(parse_folded("a;b 0\n"), std::runtime_error);
}

TEST(FoldedStacks, FramesKeepSpacesInNames) {
  const auto frames = frames_of("true;foo [nf_tables]_[k];operator new(unsigned long)");
  ASSERT_EQ(frames.size(), 3u);
  EXPECT_EQ(frames[1], "foo [nf_tables]_[k]");
  EXPECT_EQ(parse_folded("a;operator new(unsigned long) 4\n").total(), 4u);
  EXPECT_EQ(frame_text("a;b\nc"), "a_b_c");
  EXPECT_EQ(frame_text(""), "[unknown]");
}

TEST(FoldedStacks, MergingTheRarestKeepsEverySample) {
  auto f = small();
  auto replaced = merge_rarest(f, 1);
  ASSERT_EQ(replaced.size(), 1u);
  EXPECT_EQ(replaced[0], "sl-spawn;main") << "the rarest: its 10 samples become the process's own";
  EXPECT_EQ(f.stacks.at("sl-spawn"), 10u);
  replaced = merge_rarest(f, 1);
  ASSERT_EQ(replaced.size(), 1u) << "\"sl-spawn\" is rarer but has no parent to merge into";
  EXPECT_EQ(replaced[0], "sl-spawn;main;fork;entry_SYSCALL_64_[k];do_syscall_64_[k];kernel_clone_[k];copy_process_[k]");
  EXPECT_EQ(f.stacks.at("sl-spawn;main;fork;entry_SYSCALL_64_[k];do_syscall_64_[k];kernel_clone_[k]"), 90u);
  EXPECT_EQ(f.total(), 100u);
  FoldedStacks single;
  single.add("comm", 3);
  EXPECT_TRUE(merge_rarest(single, 5).empty());
}

TEST(FoldedCodec, RoundTripsAndRefusesGarbage) {
  const auto f = small();
  const auto text = encode_stacks(f);
  EXPECT_EQ(text.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/="),
            std::string::npos);
  EXPECT_EQ(decode_stacks(text).stacks, f.stacks);
  EXPECT_THROW(decode_stacks("not base64!"), std::runtime_error);
  EXPECT_THROW(decode_stacks("AAAA"), std::runtime_error) << "base64, but not a zlib stream";
  EXPECT_THROW(decode_stacks(text.substr(0, text.size() / 2)), std::runtime_error) << "a cut stream";
}

TEST(FoldedCodec, TheBudgetMergesTheRarestAndCountsThemOnce) {
  FoldedStacks f;
  std::uint64_t total = 0;
  for (int i = 0; i < 3000; ++i) {  // distinct deep stacks, hard to compress
    const std::uint64_t n = 1 + static_cast<std::uint64_t>(i % 7);
    f.add("comm;main;work_" + std::to_string(i % 40) + ";leaf_" + std::to_string(i * 7919 % 100003), n);
    total += n;
  }
  const auto unlimited = encode_within(f, 1u << 30);
  EXPECT_EQ(unlimited.merged_samples, 0u);
  EXPECT_EQ(unlimited.stacks, 3000u);
  const auto fitted = encode_within(f, unlimited.text.size() / 4);
  EXPECT_LE(fitted.text.size(), unlimited.text.size() / 4);
  EXPECT_GT(fitted.merged_samples, 0u);
  EXPECT_LE(fitted.merged_samples, total);
  const auto back = decode_stacks(fitted.text);
  EXPECT_EQ(back.total(), total) << "merging moves samples, never drops them";
  EXPECT_EQ(back.stacks.size(), fitted.stacks);
  std::uint64_t intact = 0;
  for (const auto& [stack, n] : back.stacks)
    if (f.stacks.count(stack)) intact += std::min(n, f.stacks.at(stack));
  EXPECT_EQ(intact + fitted.merged_samples, total);
}

TEST(FunctionShares, SelfIsTheLeafChildrenIsAnywhereOnce) {
  FoldedStacks f;
  f.add("comm;main;a;b", 3);
  f.add("comm;main;a;a;a", 2);  // recursion counts once per sample
  f.add("comm;main", 5);
  f.add("comm", 1);  // the process name alone: no function
  const auto t = function_counts(f);
  EXPECT_EQ(t.total, 11u);
  EXPECT_EQ(t.functions.at("main").children, 10u);
  EXPECT_EQ(t.functions.at("main").self, 5u);
  EXPECT_EQ(t.functions.at("a").children, 5u);
  EXPECT_EQ(t.functions.at("a").self, 2u);
  EXPECT_EQ(t.functions.at("b").self, 3u);
  EXPECT_FALSE(t.functions.count("comm"));
}

}  // namespace schedlab::profile
