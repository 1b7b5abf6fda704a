// The worker refuses a mode's configuration or arguments that are missing,
// extra or unknown, instead of ignoring them (it used to skip unknown
// KEY=VALUE arguments and turn junk into 0 with atoi): the real worker,
// started on a channel made here, leaves SL_FAIL_CONFIG in its slot.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <filesystem>

#include "channel/run_channel.h"
#include "support/temp_dir.h"
#include "sys/worker_process.h"

namespace schedlab::testing {
namespace {

std::string worker_path() {
  return (std::filesystem::path(SCHEDLAB_BIN).parent_path() / "schedlab-worker").string();
}

// Starts one copy of `mode` with `args` on `channel` and waits for it (it
// fails in its setup, before the barrier); returns its exit status.
int run_copy(const channel::RunChannel& channel, sl_mode mode, const std::vector<std::string>& args) {
  sys::WorkerLaunch launch;
  launch.argv = {worker_path(), sl_mode_table[mode].name, "0"};
  launch.argv.insert(launch.argv.end(), args.begin(), args.end());
  launch.shared_fd = channel.fd();
  launch.shared_fd_number = SL_SHARED_FD;
  const TempDir dir;
  launch.stderr_path = dir.file("stderr");  // the worker says what it refused there
  const pid_t pid = sys::launch_worker(launch);
  int status = 0;
  waitpid(pid, &status, 0);
  return status;
}

void expect_refused(const channel::RunChannel& channel, int problem) {
  const sl_copy_slot& slot = channel.slot(0);
  EXPECT_EQ(slot.state, SL_COPY_FAILED);
  EXPECT_EQ(slot.fail_op, SL_FAIL_CONFIG);
  EXPECT_EQ(slot.fail_detail, problem);
}

sl_wakeup_config valid_config() {
  sl_wakeup_config c{};
  c.size = sizeof c;
  c.message_threads = 1;
  c.workers = 2;
  c.split_pct = 100;
  return c;
}

}  // namespace

TEST(WorkerModes, WakeupWithoutItsConfigurationIsRefused) {
  const channel::RunChannel channel(SL_MODE_WAKEUP, 1, {}, 2);
  const int status = run_copy(channel, SL_MODE_WAKEUP, {});
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 1) << status;
  expect_refused(channel, SL_CONFIG_MISSING);
}

TEST(WorkerModes, WakeupTakesNoArguments) {
  channel::RunChannel channel(SL_MODE_WAKEUP, 1, {}, 2);
  channel.set_config(0, valid_config());
  run_copy(channel, SL_MODE_WAKEUP, {"m=4"});
  expect_refused(channel, SL_CONFIG_ARGS);
}

TEST(WorkerModes, WakeupOutOfRangeIsRefused) {
  struct Case {
    const char* what;
    void (*spoil)(sl_wakeup_config&);
    int problem;
  };
  const Case cases[] = {
      {"3 workers, 2 counters", [](sl_wakeup_config& c) { c.workers = 3; }, SL_CONFIG_THREADS},
      {"an unknown flag", [](sl_wakeup_config& c) { c.flags = 0x80; }, SL_CONFIG_FLAGS},
      {"a split over 100%", [](sl_wakeup_config& c) { c.split_pct = 101; }, SL_CONFIG_RANGE},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.what);
    channel::RunChannel channel(SL_MODE_WAKEUP, 1, {}, 2);
    sl_wakeup_config config = valid_config();
    c.spoil(config);
    channel.set_config(0, config);
    run_copy(channel, SL_MODE_WAKEUP, {});
    expect_refused(channel, c.problem);
  }
}

TEST(WorkerModes, ArgumentModesRefuseUnknownWords) {
  const channel::RunChannel spawn(SL_MODE_SPAWN, 1, {}, 0);
  run_copy(spawn, SL_MODE_SPAWN, {"clone", "exit"});  // was run as fork
  expect_refused(spawn, SL_CONFIG_ARGS);
  const channel::RunChannel exec(SL_MODE_EXEC, 1, {}, 0);
  run_copy(exec, SL_MODE_EXEC, {"spawn", "/bin/true"});  // was run as fork
  expect_refused(exec, SL_CONFIG_ARGS);
  const channel::RunChannel extra(SL_MODE_SPAWN, 1, {}, 0);
  run_copy(extra, SL_MODE_SPAWN, {"fork", "exit", "more"});
  expect_refused(extra, SL_CONFIG_ARGS);
}

}  // namespace schedlab::testing
