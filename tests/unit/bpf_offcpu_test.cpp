// The bpf probe's off-CPU record: the stacks with the most off-CPU time
// first, at most `top` of them, each frame named from kallsyms with the
// BPF program's own leading frames left out, and an address shown where
// no symbol names it.
#include <gtest/gtest.h>

#include "probes/bpf_offcpu.h"

namespace schedlab {
namespace {

const profile::KernelSymbols& symbols() {
  static const auto s = profile::KernelSymbols::parse(
      "ffffffff81000000 T bpf_trace_run4\n"
      "ffffffff81001000 t bpf_prog_0123456789abcdef_sl_switch\t[bpf]\n"
      "ffffffff81002000 T __schedule\n"
      "ffffffff81003000 T schedule\n"
      "ffffffff81004000 t pipe_read\n"
      "ffffffff81005000 T do_nanosleep\n");
  return s;
}

TEST(BpfOffCpu, TheStacksWithTheMostTimeComeFirstNamedAndTrimmed) {
  std::vector<BpfOffCpuStack> stacks{
      {100, 10, {0xffffffff81001010, 0xffffffff81000010, 0xffffffff81002010, 0xffffffff81005010}},
      {900, 3, {0xffffffff81001010, 0xffffffff81000010, 0xffffffff81003010, 0xffffffff81004010}},
      {100, 20, {0xffffffff81002010, 0x1000}},
  };
  const auto record = offcpu_record(stacks, symbols(), 2);
  ASSERT_EQ(record.size(), 2u);
  EXPECT_EQ(record[0]["total_ns"], 900);
  EXPECT_EQ(record[0]["count"], 3);
  EXPECT_EQ(record[0]["frames"], ordered_json({"schedule", "pipe_read"}));
  EXPECT_EQ(record[1]["count"], 20) << "of two with the same time, the one with more intervals";
  EXPECT_EQ(record[1]["frames"], ordered_json({"__schedule", "0x1000"})) << "below the first symbol: its address";
}

TEST(BpfOffCpu, WithoutSymbolsEveryFrameIsAnAddress) {
  const auto record = offcpu_record({{5, 1, {0xffffffff81002010}}}, profile::KernelSymbols{});
  ASSERT_EQ(record.size(), 1u);
  EXPECT_EQ(record[0]["frames"], ordered_json({"0xffffffff81002010"}));
  EXPECT_TRUE(offcpu_record({}, symbols()).empty());
}

}  // namespace
}  // namespace schedlab
