// The global lock outlives a SIGKILLed holder: the next holder replays the
// dead one's journal before it reads the originals, so a value the dead run
// left is never taken for the machine's own and "restored" for good.  A few
// seeded rounds here; bench/lock_soak runs a hundred.
#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <memory>
#include <random>
#include <thread>

#include "integration/autogroup.h"
#include "integration/harness.h"
#include "support/skip.h"

namespace schedlab::testing {
namespace {

using namespace std::chrono_literals;

// Puts the sysctl back however the test ends: a failed round must not leave
// the machine changed.
struct AutogroupRestorer {
  std::string original = autogroup_setting();
  ~AutogroupRestorer() {
    if (autogroup_setting() != original) std::ofstream(kAutogroupFile) << original;
  }
};

std::unique_ptr<Schedlab> start_run(const std::string& value) {
  return std::make_unique<Schedlab>(std::vector<std::string>{
      "run", "spawn", "--autogroup", value, "--duration", "700ms", "--runs", "2", "--no-store", "--quiet"});
}

// Waits until the first run holds the lock and its value is in place (a
// hang guard, not a timing assertion).
void wait_for_change(const std::string& original) {
  for (int i = 0; i < 1500 && autogroup_setting() == original; ++i) std::this_thread::sleep_for(10ms);
  ASSERT_NE(autogroup_setting(), original) << "the first run never changed autogroup";
}

// `runs` runs set autogroup to the value it does not have; the first holds
// the lock with its value in place when the others start; then every run
// but the last is SIGKILLed, each at a seeded moment of up to 1.5 s.
void kill_holders(int runs, std::mt19937& rng, const std::string& original) {
  const std::string other = original == "1" ? "0" : "1";
  std::vector<std::unique_ptr<Schedlab>> started;
  started.push_back(start_run(other));
  wait_for_change(original);
  for (int i = 1; i < runs; ++i) started.push_back(start_run(other));
  std::uniform_int_distribution<int> moment(0, 1500);
  for (int i = 0; i + 1 < runs; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(moment(rng)));
    started[static_cast<size_t>(i)]->signal(SIGKILL);
    started[static_cast<size_t>(i)]->wait();
  }
  const Outcome last = started.back()->wait();
  EXPECT_EQ(last.status, 0) << last.err;
}

}  // namespace

TEST(KilledLockHolder, TheNextHolderRestoresTheOriginals) {
  if (geteuid() != 0) SCHEDLAB_SKIP(kRoot) << "needs root";
  if (!autogroup_writable()) SCHEDLAB_SKIP(kAutogroup) << "needs kernel.sched_autogroup_enabled";
  AutogroupRestorer restorer;
  std::mt19937 rng(30);  // fixed: the same moments on every machine
  for (int runs : {2, 2, 3}) {
    kill_holders(runs, rng, restorer.original);
    EXPECT_EQ(autogroup_setting(), restorer.original) << runs << " runs: the killed holder's value stayed";
    EXPECT_FALSE(journals_left());
    EXPECT_TRUE(leftover_children().empty());
  }
}

}  // namespace schedlab::testing
