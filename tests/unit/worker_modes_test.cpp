// Unit tests for src/worker/mode_check.c (the worker's start-up check of its
// mode table) and the typed mode configuration of src/channel/run_channel.cpp.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "channel/run_channel.h"
#include "worker/mode_ops.h"

namespace schedlab {
namespace {

void nothing(sl_run*) {}
void no_setup(sl_run*, int, char**) {}

// A table of well-formed entries named after sl_mode_table, one per mode.
struct ModeTable {
  std::vector<sl_mode_ops> ops;
  std::vector<const sl_mode_ops*> pointers;
  ModeTable() {
    for (int m = 0; m < SL_MODE_COUNT; ++m)
      ops.push_back({SL_CHANNEL_VERSION, sl_mode_table[m].name, no_setup, nothing, nothing});
    for (const auto& o : ops) pointers.push_back(&o);
  }
  // "" when the check passes, else what it said.
  std::string check(int n = SL_MODE_COUNT, const sl_mode_layout* layouts = sl_mode_table) const {
    char why[128] = "";
    return sl_check_modes(pointers.data(), n, layouts, SL_MODE_COUNT, why, sizeof why) == 0 ? "" : why;
  }
};

}  // namespace

TEST(WorkerModes, AWellFormedTablePasses) { EXPECT_EQ(ModeTable().check(), ""); }

TEST(WorkerModes, EveryOperationMustBePresent) {
  ModeTable t;
  t.ops[SL_MODE_WAKEUP].loop = nullptr;
  EXPECT_EQ(t.check(), "wakeup: no loop operation");
  ModeTable setup;
  setup.ops[SL_MODE_SPAWN].setup = nullptr;
  EXPECT_EQ(setup.check(), "spawn: no setup operation");
  ModeTable report;
  report.ops[SL_MODE_COMMAND].report = nullptr;
  EXPECT_EQ(report.check(), "command: no report operation");
  ModeTable missing;
  missing.pointers[SL_MODE_EXECL] = nullptr;
  EXPECT_EQ(missing.check(), "execl: no operations");
}

TEST(WorkerModes, VersionNamesAndCountMustMatchTheChannel) {
  ModeTable old;
  old.ops[SL_MODE_EXEC].version = SL_CHANNEL_VERSION - 1;
  EXPECT_EQ(old.check(), "exec: written for another channel version");
  ModeTable swapped;
  swapped.ops[SL_MODE_SPAWN].name = "execl";
  EXPECT_EQ(swapped.check(), "spawn: its operations carry another name");
  EXPECT_EQ(ModeTable().check(SL_MODE_COUNT - 1), "mode table: not one entry per channel mode");
  std::vector<sl_mode_layout> twice(sl_mode_table, sl_mode_table + SL_MODE_COUNT);
  twice[SL_MODE_EXEC].name = "spawn";
  ModeTable t;
  t.ops[SL_MODE_EXEC].name = "spawn";
  EXPECT_EQ(t.check(SL_MODE_COUNT, twice.data()), "spawn: named twice");
}

TEST(WorkerModes, TheChannelTableIsOneEntryPerModeWithDistinctNames) {
  for (int m = 0; m < SL_MODE_COUNT; ++m)
    for (int k = 0; k < m; ++k) EXPECT_STRNE(sl_mode_table[m].name, sl_mode_table[k].name);
  EXPECT_EQ(sl_mode_table[SL_MODE_WAKEUP].config_bytes, sizeof(sl_wakeup_config));
  EXPECT_EQ(sl_mode_table[SL_MODE_SPAWN].config_bytes, 0u);
}

TEST(ModeConfig, AModeGetsExactlyTheConfigurationItDeclares) {
  channel::RunChannel wakeup(SL_MODE_WAKEUP, 2, {}, 4);
  EXPECT_THROW(wakeup.set_config(0, std::monostate{}), std::logic_error) << "wakeup without its configuration";
  sl_wakeup_config c{};
  c.size = sizeof c;
  c.message_threads = 2;
  c.message_cpus[0] = 0b101;
  wakeup.set_config(1, c);
  const auto* written = static_cast<const sl_wakeup_config*>(
      sl_slot_config(const_cast<sl_copy_slot*>(&wakeup.slot(1))));
  EXPECT_EQ(written->size, sizeof c);
  EXPECT_EQ(written->message_threads, 2u);
  EXPECT_EQ(written->message_cpus[0], 0b101u);
  const auto* other = static_cast<const sl_wakeup_config*>(
      sl_slot_config(const_cast<sl_copy_slot*>(&wakeup.slot(0))));
  EXPECT_EQ(other->size, 0u) << "copy 0 was never configured: the worker sees 'missing'";

  channel::RunChannel spawn(SL_MODE_SPAWN, 1, {}, 0);
  spawn.set_config(0, std::monostate{});
  EXPECT_THROW(spawn.set_config(0, c), std::logic_error) << "spawn takes no configuration";
}

TEST(ModeConfig, ResultsStartAfterTheConfigurationOnTheirOwnCacheLine) {
  const sl_mode_layout& w = sl_mode_table[SL_MODE_WAKEUP];
  EXPECT_GE(sl_results_offset(&w), sizeof(sl_copy_slot) + sizeof(sl_wakeup_config));
  EXPECT_EQ(sl_results_offset(&w) % 64, 0u);
  EXPECT_EQ(sl_counters_offset(&w) % 64, 0u);
  EXPECT_EQ(sl_results_offset(&sl_mode_table[SL_MODE_SPAWN]), sizeof(sl_copy_slot));
}

}  // namespace schedlab
