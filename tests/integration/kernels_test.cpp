// `schedlab kernels`, `check --kernel` and `suite lkml --kernels` with real
// guests: the two Debian 6.1 kernels scripts/guest-kernels unpacks into the
// build tree (cloud and PREEMPT_RT, one ABI), booted under KVM where a probe
// boot shows it runs guests and under TCG otherwise.  Nothing here asserts
// a timing; the waits are hang guards.
#include <gtest/gtest.h>
#include <signal.h>

#include <algorithm>
#include <filesystem>
#include <functional>
#include <optional>
#include <thread>

#include "integration/harness.h"
#include "sys/proc_files.h"

namespace schedlab::testing {
namespace {

namespace fs = std::filesystem;
using std::chrono::seconds;

const fs::path kBuild = fs::path(SCHEDLAB_BIN).parent_path();

// An unpacked kernel: NAME=ROOT/boot/vmlinuz-RELEASE, and its release.
struct Kernel {
  std::string arg, release;
};

std::optional<Kernel> unpacked(const std::string& flavour) {
  const fs::path boot = kBuild / "guest-kernels" / flavour / "boot";
  std::error_code ec;
  for (auto it = fs::directory_iterator(boot, ec); !ec && it != fs::directory_iterator(); it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (name.rfind("vmlinuz-", 0) == 0) return Kernel{flavour + "=" + it->path().string(), name.substr(8)};
  }
  return std::nullopt;
}

// Processes of ours that must not outlive a command: QEMU started as
// `-name schedlab-guest`, and virtiofsd serving a guest's run directory.
std::vector<pid_t> guest_processes() {
  std::vector<pid_t> found;
  sys::for_each_pid([&](pid_t pid) {
    const auto cmdline = sys::read_text("/proc/" + std::to_string(pid) + "/cmdline").value_or("");
    if (cmdline.find("schedlab-guest") != std::string::npos) found.push_back(pid);
  });
  return found;
}

std::vector<std::string> run_directories() {
  std::vector<std::string> found;
  for (const auto& e : fs::directory_iterator("/tmp"))
    if (e.path().filename().string().rfind("schedlab-guest-", 0) == 0) found.push_back(e.path().string());
  return found;
}

void expect_nothing_left() {
  EXPECT_TRUE(guest_processes().empty()) << "a QEMU or virtiofsd outlived the command";
  EXPECT_TRUE(run_directories().empty()) << "a guest's run directory is left";
  for (pid_t pid : leftover_children())
    ADD_FAILURE() << "left behind: " << pid << " "
                  << sys::read_text("/proc/" + std::to_string(pid) + "/status").value_or("?").substr(0, 400);
}

// Waits (a hang guard, not a timing assertion) until `ready()`.
bool wait_for(const std::function<bool()>& ready, seconds limit = seconds(90)) {
  const auto deadline = std::chrono::steady_clock::now() + limit;
  while (std::chrono::steady_clock::now() < deadline) {
    if (ready()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return false;
}

bool qemu_running() {
  for (pid_t pid : guest_processes())
    if (sys::read_text("/proc/" + std::to_string(pid) + "/comm").value_or("").rfind("qemu", 0) == 0) return true;
  return false;
}

// The guest's /init has started the command (its console says so).
bool guest_command_running() {
  for (const auto& dir : run_directories())
    if (sys::read_text(dir + "/console.log").value_or("").find("SCHEDLAB-GUEST-RUN") != std::string::npos) return true;
  return false;
}

class Kernels : public ::testing::Test {
 protected:
  void SetUp() override {
    cloud_ = unpacked("cloud");
    rt_ = unpacked("rt");
    if (!cloud_ || !rt_) GTEST_SKIP() << "no unpacked kernels in " << kBuild / "guest-kernels" << ": scripts/test runs "
                                        "scripts/guest-kernels first";
    // The initramfs cache and the KVM probe's verdict, kept between runs of the tests.
    setenv("XDG_CACHE_HOME", (kBuild / "guest-cache").c_str(), 1);
  }
  std::optional<Kernel> cloud_, rt_;
  TempDir dir_;
};

}  // namespace

TEST_F(Kernels, BootsEachKernelOnceAndRecordsItsOwnRelease) {
  const auto o = run_schedlab({"kernels", "--kernel", cloud_->arg, "--kernel", rt_->arg, "--boots", "1", "--json",
                               dir_.file("k.json"), "--", "run", "spawn", "--duration", "1", "--runs", "1"});
  ASSERT_EQ(o.status, 0) << o.err;
  const auto sets = read_json(dir_.file("k.json"))["sets"];
  ASSERT_EQ(sets.size(), 2u);
  const Kernel* expected[] = {&*cloud_, &*rt_};
  for (std::size_t i = 0; i < 2; ++i) {
    const auto& set = sets[i];
    EXPECT_EQ(set["label"], i == 0 ? "cloud" : "rt");
    EXPECT_EQ(set["environment"]["kernel"]["release"], expected[i]->release);
    EXPECT_EQ(set["guest"]["kernel"]["release"], expected[i]->release);
    EXPECT_EQ(set["runs"].size(), 1u);
    EXPECT_EQ(set["runs"][0]["boot"], 1);
    EXPECT_EQ(set["runs"][0]["block"], 1);
    EXPECT_EQ(set["guest"]["boots"][0]["outcome"], "completed");
    EXPECT_FALSE(set["guest"]["qemu"]["command"].empty());
    const bool tcg = set["guest"]["accel"] == "tcg";
    EXPECT_EQ(set["emulated"], tcg);
    EXPECT_EQ(o.err.find("say nothing about the kernels' performance") != std::string::npos, tcg) << o.err;
  }
  expect_nothing_left();
}

TEST_F(Kernels, APanicIsAnErrorWithTheConsolesLastLines) {
  const auto o = run_schedlab({"kernels", "--kernel", cloud_->arg, "--boots", "1", "--json", dir_.file("p.json"),
                               "--", "run", "command", "--runs", "1", "--", "sh", "-c",
                               "echo c > /proc/sysrq-trigger"});
  EXPECT_EQ(o.status, 4) << o.err;
  const auto set = read_json(dir_.file("p.json"))["sets"][0];
  EXPECT_EQ(set["status"], "ERROR");
  const auto command = set["guest"]["boots"][0]["command"];  // kernels' own options go before the command's --
  const std::vector<std::string> last(command.end() - 4, command.end());
  EXPECT_EQ(last, (std::vector<std::string>{"--", "sh", "-c", "echo c > /proc/sysrq-trigger"})) << command.dump();
  EXPECT_NE(set["error"].get<std::string>().find("panic"), std::string::npos) << set["error"];
  EXPECT_NE(set["error"].get<std::string>().find("Kernel panic - not syncing"), std::string::npos) << set["error"];
  const auto tail = set["guest"]["boots"][0]["console_tail"];
  ASSERT_FALSE(tail.empty());
  EXPECT_LE(tail.size(), 20u);
  EXPECT_NE(o.err.find("Kernel panic"), std::string::npos) << o.err;  // the console's last lines are shown
  expect_nothing_left();
}

TEST_F(Kernels, AGuestPastItsDeadlineIsKilled) {
  const auto o = run_schedlab({"kernels", "--kernel", cloud_->arg, "--boots", "1", "--deadline", "3s", "--json",
                               dir_.file("d.json"), "--", "run", "spawn", "--duration", "30", "--runs", "1"});
  EXPECT_EQ(o.status, 4) << o.err;
  const auto set = read_json(dir_.file("d.json"))["sets"][0];
  EXPECT_EQ(set["guest"]["boots"][0]["outcome"], "deadline");
  EXPECT_NE(set["error"].get<std::string>().find("deadline"), std::string::npos) << set["error"];
  expect_nothing_left();
}

TEST_F(Kernels, InterruptedWhileAGuestBootsOrRunsLeavesNothing) {
  // SIGINT as soon as QEMU is up, SIGTERM once the guest runs the command.
  for (const auto& [sig, ready] : {std::pair{SIGINT, &qemu_running}, std::pair{SIGTERM, &guest_command_running}}) {
    Schedlab s({"kernels", "--kernel", cloud_->arg, "--boots", "1", "--json", dir_.file("i.json"), "--", "run",
                "spawn", "--duration", "60", "--runs", "1"});
    ASSERT_TRUE(wait_for(ready));
    s.signal(sig);
    const auto o = s.wait();
    EXPECT_EQ(o.status, 128 + sig) << o.err;
    const auto set = read_json(dir_.file("i.json"))["sets"][0];
    EXPECT_EQ(set["status"], "ERROR");
    EXPECT_NE(set.value("error", "").find("interrupted"), std::string::npos) << set.dump();
    expect_nothing_left();
  }
}

TEST_F(Kernels, AKilledRunIsCleanedUpByTheNextInvocation) {
  Schedlab s({"kernels", "--kernel", cloud_->arg, "--boots", "1", "--", "run", "spawn", "--duration", "60"});
  ASSERT_TRUE(wait_for(guest_command_running));
  s.signal(SIGKILL);
  s.wait();
  // QEMU and virtiofsd die with it (their parent-death signal); QEMU takes a
  // moment to give back the guest's memory.  Re-parented to this test (a
  // subreaper), they are reaped here.
  EXPECT_TRUE(wait_for([] { return guest_processes().empty() && leftover_children().empty(); }, seconds(30)));
  EXPECT_EQ(run_directories().size(), 1u);  // left for the journal
  const auto o = run_schedlab({"restore"});
  EXPECT_EQ(o.status, 0) << o.err;
  EXPECT_NE(o.err.find("schedlab-guest-"), std::string::npos) << o.err;
  expect_nothing_left();
}

TEST_F(Kernels, CheckJudgesABisectStepsKernelInAGuest) {
  ASSERT_EQ(run_schedlab({"kernels", "--kernel", cloud_->arg, "--boots", "1", "--json", dir_.file("good.json"), "--",
                          "run", "spawn", "--duration", "500ms", "--runs", "2"})
                .status,
            0);
  const std::string image = cloud_->arg.substr(cloud_->arg.find('=') + 1);
  const auto o = run_schedlab({"check", "--kernel", image, "--baseline", dir_.file("good.json"), "--max-runs", "2",
                               "--json", dir_.file("ev.json")});
  const auto ev = read_json(dir_.file("ev.json"));
  EXPECT_EQ(ev["exit"], o.status);
  EXPECT_EQ(ev["set"]["environment"]["kernel"]["release"], cloud_->release);
  EXPECT_EQ(ev["guest"]["kernel"]["release"], cloud_->release);
  if (ev["guest"]["accel"] == "tcg") {
    EXPECT_EQ(o.status, 125) << o.out << o.err;  // an emulated verdict says nothing about performance
    EXPECT_TRUE(ev["set"]["emulated"].get<bool>());
    EXPECT_NE(o.err.find("emulat"), std::string::npos) << o.err;
  } else {
    EXPECT_TRUE(o.status == 0 || o.status == 1 || o.status == 125) << o.status;
  }
  expect_nothing_left();
}

TEST_F(Kernels, BadInputIsOneLineAndExit2) {
  const std::vector<std::vector<std::string>> cases = {
      {"kernels", "--", "run", "spawn"},
      {"kernels", "--kernel", cloud_->arg, "--boots", "0", "--", "run", "spawn"},
      {"kernels", "--kernel", cloud_->arg, "--accel", "arm", "--", "run", "spawn"},
      {"kernels", "--kernel", cloud_->arg, "--memory", "12", "--", "run", "spawn"},
      {"kernels", "--kernel", cloud_->arg, "--vcpus", "3", "--host-cpus", "0", "--", "run", "spawn"},
      {"kernels", "--kernel", "x=/nonexistent/vmlinuz", "--", "run", "spawn"},
      {"kernels", "--kernel", cloud_->arg, "--kernel", cloud_->arg, "--", "run", "spawn"},
      {"kernels", "--kernel", cloud_->arg, "--", "run", "spawn", "--json", "x.json"},
      {"kernels", "--kernel", cloud_->arg, "--", "spawn"},
      {"kernels", "--kernel", cloud_->arg},
      {"suite", "lkml", "--kernels", cloud_->arg},
      {"suite", "quick", "--kernels", cloud_->arg + "," + rt_->arg}};
  for (const auto& args : cases) {
    const auto o = run_schedlab(args);
    EXPECT_EQ(o.status, 2) << args[2] << ": " << o.err;
    EXPECT_EQ(std::count(o.err.begin(), o.err.end(), '\n'), 1) << o.err;
  }
  // check --kernel needs a baseline measured in a guest: a host's is bad input (255, bisect stops).
  ASSERT_EQ(run_schedlab({"run", "spawn", "--duration", "200ms", "--runs", "2", "--quiet", "--json",
                          dir_.file("host.json")}).status, 0);
  const auto o = run_schedlab({"check", "--kernel", cloud_->arg.substr(6), "--baseline", dir_.file("host.json")});
  EXPECT_EQ(o.status, 255) << o.err;
  EXPECT_NE(o.err.find("measured in a guest"), std::string::npos) << o.err;
  expect_nothing_left();
}

}  // namespace schedlab::testing
