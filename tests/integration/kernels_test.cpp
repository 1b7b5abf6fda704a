// `schedlab kernels`, `check --kernel` and `suite lkml --kernels` with real
// guests of Debian kernels that scripts/guest-kernels unpacks into the build
// tree (never installed on the host).
//
// The default run is a smoke test: one boot of Debian's small cloud kernel
// under TCG (--accel tcg: the same on every machine, and no KVM probe), a
// 1-second spawn run, and the refusals of bad input, which boot nothing.
// The rest — cloud and PREEMPT_RT side by side, a panic, a deadline, Ctrl-C,
// SIGTERM, SIGKILL, check --kernel — boots a guest a dozen times, minutes
// under emulation, and runs with SCHEDLAB_GUEST_TESTS=full (after
// `scripts/guest-kernels build/guest-kernels cloud rt`).  A test whose kernel,
// QEMU, virtiofsd or static busybox is missing, or that is not root, is
// skipped with the reason.  Nothing here asserts a timing; the waits are hang
// guards.
#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <ctime>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <optional>
#include <thread>

#include "integration/harness.h"
#include "support/skip.h"
#include "sys/cgroup_layout.h"
#include "sys/proc_files.h"

namespace schedlab::testing {
namespace {

namespace fs = std::filesystem;
using std::chrono::seconds;

const fs::path kBuild = fs::path(SCHEDLAB_BIN).parent_path();
const fs::path kKernels = kBuild / "guest-kernels";

// An unpacked kernel: NAME=ROOT/boot/vmlinuz-RELEASE, and its release.
struct Kernel {
  std::string arg, release;
};

std::optional<Kernel> unpacked(const std::string& flavour) {
  const fs::path boot = kKernels / flavour / "boot";
  std::error_code ec;
  for (auto it = fs::directory_iterator(boot, ec); !ec && it != fs::directory_iterator(); it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (name.rfind("vmlinuz-", 0) == 0) return Kernel{flavour + "=" + it->path().string(), name.substr(8)};
  }
  return std::nullopt;
}

bool on_path(const std::string& name) {
  const char* path = std::getenv("PATH");
  std::string dirs = path ? path : "/usr/bin:/bin";
  for (std::size_t start = 0; start <= dirs.size();) {
    const std::size_t end = std::min(dirs.find(':', start), dirs.size());
    if (access((dirs.substr(start, end - start) + "/" + name).c_str(), X_OK) == 0) return true;
    start = end + 1;
  }
  return false;
}

// Why a guest cannot boot here, or "" when it can.
std::string why_no_guest(const std::optional<Kernel>& kernel, const std::string& flavour) {
  if (!kernel)
    return "no unpacked " + flavour + " kernel in " + kKernels.string() + " (scripts/test fetches it with "
           "scripts/guest-kernels; it needs apt and the Debian archive)";
  if (geteuid() != 0) return "not root: QEMU's virtiofsd must run as root";
  if (!on_path("qemu-system-x86_64"))
    return "no qemu-system-x86_64 (scripts/deps --kernels installs qemu-system-x86)";
  if (access("/usr/lib/qemu/virtiofsd", X_OK) != 0 && access("/usr/libexec/virtiofsd", X_OK) != 0)
    return "no QEMU virtiofsd in /usr/lib/qemu or /usr/libexec (scripts/deps --kernels installs "
           "qemu-system-x86)";
  if (access("/bin/busybox", X_OK) != 0 && access("/usr/bin/busybox", X_OK) != 0)
    return "no busybox (scripts/deps --kernels installs busybox-static)";
  return "";
}

bool full_guest_tests() {
  const char* v = std::getenv("SCHEDLAB_GUEST_TESTS");
  return v && std::string(v) == "full";
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

// What a schedlab process PID leaves when it leaves anything: a scratch
// directory $TMPDIR/schedlab-WORD-PID-XXXXXX (a guest's run directory is
// one), its journal /run/schedlab/PID.json, a cgroup schedlab-PID.  Named by
// the pid, because other schedlab commands may run on this machine meanwhile.
std::vector<std::string> traces_of(pid_t pid) {
  std::vector<std::string> found;
  const std::string tag = "-" + std::to_string(pid);
  for (const auto& e : fs::directory_iterator("/tmp")) {
    const std::string name = e.path().filename().string();
    if (name.rfind("schedlab-", 0) == 0 && name.find(tag + "-") != std::string::npos) found.push_back(e.path().string());
  }
  std::error_code ec;
  if (const fs::path journal = "/run/schedlab/" + std::to_string(pid) + ".json"; fs::exists(journal, ec))
    found.push_back(journal.string());
  const auto layout = sys::read_cgroup_layout();
  std::vector<std::string> roots;
  if (layout.v2_mount) roots.push_back(*layout.v2_mount);
  for (const auto& [controller, mount] : layout.v1_mounts) roots.push_back(mount);
  for (const auto& root : roots)
    if (const fs::path group = fs::path(root) / ("schedlab" + tag); fs::exists(group, ec)) found.push_back(group.string());
  return found;
}

void expect_nothing_left(pid_t pid = 0) {
  EXPECT_TRUE(guest_processes().empty()) << "a QEMU or virtiofsd outlived the command";
  EXPECT_TRUE(run_directories().empty()) << "a guest's run directory is left";
  if (pid > 0)
    for (const auto& path : traces_of(pid)) ADD_FAILURE() << "left behind: " << path;
  for (pid_t child : leftover_children())
    ADD_FAILURE() << "left behind: " << child << " "
                  << sys::read_text("/proc/" + std::to_string(child) + "/status").value_or("?").substr(0, 400);
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

// The cache of initramfs images and of the KVM probe's verdict, kept in the
// build tree between runs of the tests (never in the user's home).
void use_build_cache() { setenv("XDG_CACHE_HOME", (kBuild / "guest-cache").c_str(), 1); }

// A baseline of `kernel` from one emulated boot (the spec a bisect step
// judges); returns the kernel's image path.
std::string record_guest_baseline(const Kernel& kernel, const std::string& json) {
  EXPECT_EQ(run_schedlab({"kernels", "--kernel", kernel.arg, "--boots", "1", "--accel", "tcg", "--json", json, "--",
                          "run", "spawn", "--duration", "300ms", "--runs", "2"})
                .status,
            0);
  return kernel.arg.substr(kernel.arg.find('=') + 1);
}

// The default: the cloud kernel only.
class KernelsSmoke : public ::testing::Test {
 protected:
  void SetUp() override {
    cloud_ = unpacked("cloud");
    if (const auto why = why_no_guest(cloud_, "cloud"); !why.empty()) SCHEDLAB_SKIP(kGuest) << why;
    use_build_cache();
  }
  std::optional<Kernel> cloud_;
  TempDir dir_;
};

// SCHEDLAB_GUEST_TESTS=full: both kernels, and a dozen boots.
class Kernels : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!full_guest_tests())
      SCHEDLAB_SKIP(kGuestFull)
          << "boots a guest several times (minutes under TCG): SCHEDLAB_GUEST_TESTS=full";
    cloud_ = unpacked("cloud");
    rt_ = unpacked("rt");
    if (const auto why = why_no_guest(cloud_, "cloud"); !why.empty()) SCHEDLAB_SKIP(kGuest) << why;
    if (const auto why = why_no_guest(rt_, "rt"); !why.empty()) SCHEDLAB_SKIP(kGuest) << why;
    use_build_cache();
  }
  std::optional<Kernel> cloud_, rt_;
  TempDir dir_;
};

TEST_F(KernelsSmoke, OneEmulatedBootOfTheCloudKernelGivesItsSetAndLeavesNothing) {
  Schedlab s({"kernels", "--kernel", cloud_->arg, "--boots", "1", "--accel", "tcg", "--seed", "7", "--json",
              dir_.file("k.json"), "--", "run", "spawn", "--duration", "1", "--runs", "1"});
  const auto o = s.wait();
  ASSERT_EQ(o.status, 0) << o.err;
  const auto sets = read_json(dir_.file("k.json"))["sets"];
  ASSERT_EQ(sets.size(), 1u);
  const auto& set = sets[0];
  EXPECT_EQ(set["label"], "cloud");
  EXPECT_EQ(set["status"], "PASS") << set.dump();
  EXPECT_EQ(set["environment"]["kernel"]["release"], cloud_->release);  // the guest's own fingerprint
  EXPECT_EQ(set["guest"]["kernel"]["release"], cloud_->release);
  EXPECT_EQ(set["guest"]["accel"], "tcg");
  EXPECT_TRUE(set["emulated"].get<bool>());
  EXPECT_NE(o.err.find("not the kernels' performance on hardware"), std::string::npos) << o.err;
  // Two vCPUs: on the host's clock (a counted guest hangs bringing up its second CPU).
  EXPECT_EQ(set["guest"]["clock"], "host");
  EXPECT_TRUE(set["guest"]["icount_shift"].is_null());
  ASSERT_EQ(set["runs"].size(), 1u);
  EXPECT_EQ(set["runs"][0]["boot"], 1);
  EXPECT_EQ(set["runs"][0]["block"], 1);
  EXPECT_GT(set["runs"][0]["values"]["lps"].get<double>(), 0);
  const auto& boot = set["guest"]["boots"][0];
  EXPECT_EQ(boot["outcome"], "completed");
  EXPECT_EQ(boot["exit_status"], 0);
  EXPECT_FALSE(set["guest"]["qemu"]["command"].empty());
  const auto command = boot["command"].get<std::vector<std::string>>();
  EXPECT_EQ(std::vector<std::string>(command.begin(), command.begin() + 3),
            (std::vector<std::string>{"schedlab", "run", "spawn"}));
  expect_nothing_left(s.pid());
}

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
    EXPECT_EQ(o.err.find("not the kernels' performance on hardware") != std::string::npos, tcg) << o.err;
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

// On the host's clock (2 vCPUs) the deadline is wall time; counting
// instructions (1 vCPU under TCG) it is QEMU's CPU time.
TEST_F(Kernels, AGuestPastItsDeadlineIsKilled) {
  for (const std::string vcpus : {"2", "1"}) {
    const auto o = run_schedlab({"kernels", "--kernel", cloud_->arg, "--boots", "1", "--vcpus", vcpus, "--deadline",
                                 "3s", "--json", dir_.file("d" + vcpus + ".json"), "--", "run", "spawn",
                                 "--duration", "30", "--runs", "1"});
    EXPECT_EQ(o.status, 4) << o.err;
    const auto set = read_json(dir_.file("d" + vcpus + ".json"))["sets"][0];
    const auto& boot = set["guest"]["boots"][0];
    EXPECT_EQ(boot["outcome"], "deadline");
    EXPECT_NE(set["error"].get<std::string>().find("deadline"), std::string::npos) << set["error"];
    EXPECT_EQ(boot["problem"].get<std::string>().find("QEMU's CPU time") != std::string::npos, vcpus == "1")
        << boot["problem"];
    expect_nothing_left();
  }
}

TEST_F(Kernels, InterruptedWhileAGuestBootsOrRunsLeavesNothing) {
  // SIGINT as soon as QEMU is up, SIGTERM once the guest runs the command.
  for (const auto& [sig, ready] : {std::pair{SIGINT, &qemu_running}, std::pair{SIGTERM, &guest_command_running}}) {
    const std::string json = dir_.file("i" + std::to_string(sig) + ".json");  // --json takes a new file
    Schedlab s({"kernels", "--kernel", cloud_->arg, "--boots", "1", "--json", json, "--store", dir_.file("r.db"),
                "--", "run", "spawn", "--duration", "60", "--runs", "1"});
    ASSERT_TRUE(wait_for(ready));
    s.signal(sig);
    const auto o = s.wait();
    EXPECT_EQ(o.status, 128 + sig) << o.err;
    const auto set = read_json(json)["sets"][0];
    EXPECT_EQ(set["status"], "ERROR");
    EXPECT_NE(set.value("error", "").find("interrupted"), std::string::npos) << set.dump();
    expect_nothing_left();
  }
  // Stored as run stores an interrupted run: ERROR, saying why (docs/store.md).
  const auto h = run_schedlab({"history", "--store", dir_.file("r.db"), "--json"});
  ASSERT_EQ(h.status, 0) << h.err;
  const auto stored = nlohmann::json::parse(h.out)["sets"];
  ASSERT_EQ(stored.size(), 2u) << h.out;
  for (const auto& row : stored) {
    EXPECT_EQ(row["status"], "ERROR");
    EXPECT_NE(row["error"].get<std::string>().find("interrupted"), std::string::npos) << row.dump();
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

// The bisect step judge: the good kernel measured again beside the step's,
// boots interleaved.  Under TCG it decides only with --emulated-ok; without
// it the step is a skip (125) before any boot of the pair.
TEST_F(KernelsSmoke, ThePairedStepJudgeRefusesEmulationUnlessAskedAndChecksItsInput) {
  const std::string image = record_guest_baseline(*cloud_, dir_.file("good.json"));
  const auto o = run_schedlab({"check", "--kernel", image, "--good-kernel", image, "--baseline", dir_.file("good.json")});
  EXPECT_EQ(o.status, 125) << o.out << o.err;
  EXPECT_NE(o.out.find("--emulated-ok"), std::string::npos) << o.out;
  EXPECT_TRUE(run_directories().empty());
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"--max-boots", "1"}, {"--max-boots", "x"}, {"--bad", dir_.file("good.json")}, {"--interleave", "/bin/true"}}) {
    std::vector<std::string> a = {"check", "--kernel", image, "--good-kernel", image, "--baseline", dir_.file("good.json")};
    a.insert(a.end(), args.begin(), args.end());
    const auto bad = run_schedlab(a);
    EXPECT_EQ(bad.status, 255) << args[0] << ": " << bad.err;
    EXPECT_EQ(std::count(bad.err.begin(), bad.err.end(), '\n'), 1) << bad.err;
  }
  const auto dry = run_schedlab({"--dry-run", "check", "--kernel", image, "--good-kernel", image, "--baseline",
                                 dir_.file("good.json"), "--one-at-a-time"});
  EXPECT_EQ(dry.status, 0) << dry.err;
  EXPECT_NE(dry.out.find("alternately"), std::string::npos) << dry.out;
  const auto both = run_schedlab({"check", "--kernel", image, "--good-kernel", image, "--baseline",
                                  dir_.file("good.json"), "--one-at-a-time", "--side-by-side"});
  EXPECT_EQ(both.status, 255) << both.err;
  EXPECT_NE(both.err.find("--side-by-side: not with --one-at-a-time"), std::string::npos) << both.err;
  expect_nothing_left();
}

// An A/A step (the good kernel judged beside itself) under TCG with
// --emulated-ok and a wide threshold: a decision, both kernels' sets in the
// evidence, every boot recorded, marked emulated.
TEST_F(Kernels, ThePairedStepJudgeDecidesAnAAStepMarkedEmulated) {
  const std::string image = record_guest_baseline(*cloud_, dir_.file("good.json"));
  const auto o = run_schedlab({"check", "--kernel", image, "--good-kernel", image, "--baseline", dir_.file("good.json"),
                               "--emulated-ok", "--threshold", "60", "--max-boots", "8", "--json", dir_.file("ev.json"),
                               "--no-store"});
  EXPECT_TRUE(o.status == 0 || o.status == 125) << o.out << o.err;  // never "bad" for the same kernel
  const auto ev = read_json(dir_.file("ev.json"));
  EXPECT_EQ(ev["exit"], o.status);
  EXPECT_TRUE(ev["emulated"].get<bool>());
  ASSERT_EQ(ev["sets"].size(), 2u);
  EXPECT_EQ(ev["sets"][0]["label"], "good");
  EXPECT_EQ(ev["sets"][1]["label"], "step");
  EXPECT_EQ(ev["sets"][0]["guest"]["boots"].size(), ev["blocks"].get<size_t>());
  EXPECT_NE(o.out.find("emulated"), std::string::npos) << o.out;
  expect_nothing_left();
}

// "2026-12-03T11:22:33.456789Z" as seconds since the epoch.
double utc_seconds(const std::string& text) {
  std::tm tm{};
  const char* rest = strptime(text.c_str(), "%Y-%m-%dT%H:%M:%S", &tm);
  EXPECT_NE(rest, nullptr) << text;
  return static_cast<double>(timegm(&tm)) + (rest && *rest == '.' ? std::stod(std::string("0") + rest) : 0.0);
}

// Boots side by side: each block boots both kernels at once, each pinned
// to a host CPU of its own, and the result file says so.
TEST_F(KernelsSmoke, SideBySideBootsABlocksKernelsAtOnceOnCpusOfTheirOwn) {
  const std::string image = cloud_->arg.substr(cloud_->arg.find('=') + 1);
  const auto o = run_schedlab({"kernels", "--kernel", "a=" + image, "--kernel", "b=" + image, "--side-by-side",
                               "--vcpus", "1", "--host-cpus", "0-1", "--boots", "1", "--accel", "tcg", "--json",
                               dir_.file("sbs.json"), "--no-store", "--", "run", "spawn", "--duration", "300ms",
                               "--runs", "2"});
  ASSERT_EQ(o.status, 0) << o.out << o.err;
  const auto sets = read_json(dir_.file("sbs.json"))["sets"];
  ASSERT_EQ(sets.size(), 2u);
  EXPECT_EQ(sets[0]["guest"]["side_by_side"], (nlohmann::json{"0", "1"}));
  // One vCPU under TCG: the guests' time counts their instructions.
  EXPECT_EQ(sets[0]["guest"]["clock"], "instructions");
  EXPECT_EQ(sets[0]["guest"]["icount_shift"], 3);
  EXPECT_NE(std::find(sets[0]["guest"]["qemu"]["command"].begin(), sets[0]["guest"]["qemu"]["command"].end(),
                      "-icount"),
            sets[0]["guest"]["qemu"]["command"].end());
  const auto& a = sets[0]["guest"]["boots"][0];
  const auto& b = sets[1]["guest"]["boots"][0];
  ASSERT_EQ(a["pinning"].size(), 1u);
  ASSERT_EQ(b["pinning"].size(), 1u);
  EXPECT_NE(a["pinning"][0]["host_cpu"], b["pinning"][0]["host_cpu"]);
  // Each started before the other ended: they overlapped.
  const double start_a = utc_seconds(a["started"]), start_b = utc_seconds(b["started"]);
  EXPECT_LT(start_a, start_b + b["seconds"].get<double>()) << a << b;
  EXPECT_LT(start_b, start_a + a["seconds"].get<double>()) << a << b;
  expect_nothing_left();
}

// Debian's two packaged kernels, 6.1 and 6.12, as a user compares them
// first: side by side, one vCPU each (instructions counted).  6.12's
// modules are packed (.ko.xz) and its configuration offers 5-level paging,
// which this QEMU's TCG emulates wrongly: the guest's CPU leaves LA57 out.
TEST_F(KernelsSmoke, DebiansPackaged61And612BootSideBySideAndCompare) {
  const auto newer = unpacked("cloud-6.12");
  if (const auto why = why_no_guest(newer, "cloud-6.12"); !why.empty()) SCHEDLAB_SKIP(kGuest) << why;
  const std::string image = newer->arg.substr(newer->arg.find('=') + 1);
  const fs::path modules = fs::path(image).parent_path().parent_path() / "lib" / "modules" / newer->release;
  bool packed = false;
  for (auto it = fs::recursive_directory_iterator(modules); it != fs::recursive_directory_iterator() && !packed; ++it)
    packed = it->path().string().ends_with(".ko.xz");
  ASSERT_TRUE(packed) << modules << " holds no .ko.xz: the test's premise is gone";
  const auto o = run_schedlab({"kernels", "--kernel", "v6.1=" + cloud_->arg.substr(cloud_->arg.find('=') + 1),
                               "--kernel", "v6.12=" + image, "--side-by-side", "--vcpus", "1", "--host-cpus", "0-1",
                               "--boots", "1", "--accel", "tcg", "--json", dir_.file("612.json"), "--no-store", "--",
                               "run", "spawn", "--duration", "300ms", "--runs", "2"});
  ASSERT_EQ(o.status, 0) << o.out << o.err;
  const auto sets = read_json(dir_.file("612.json"))["sets"];
  ASSERT_EQ(sets.size(), 2u);
  for (const auto& set : sets) {
    EXPECT_EQ(set["status"], "PASS") << set["label"] << set["error"];
    EXPECT_EQ(set["guest"]["cpu"], "max,la57=off");
    EXPECT_EQ(set["guest"]["boots"][0]["outcome"], "completed") << set["guest"]["boots"][0].dump();
  }
  EXPECT_EQ(sets[1]["guest"]["kernel"]["release"], newer->release);
  EXPECT_EQ(sets[1]["environment"]["kernel"]["release"], newer->release);  // the guest said so itself
  EXPECT_NE(o.out.find("v6.12"), std::string::npos) << o.out;  // the comparison table
  EXPECT_NE(o.out.find("Hmean"), std::string::npos) << o.out;
  expect_nothing_left();
}

// Debian's arm64 cloud kernel under qemu-system-aarch64 (TCG), running the
// arm64 schedlab of `cmake --preset arm64` (scripts/test's arm64 phase sets
// SCHEDLAB_ARM64_BUILD) from the host's root, with the arm64 libraries
// multiarch installs there: the guest's own kernel and machine say arm64;
// and exec, whose /bin/true is busybox's in such a guest.
TEST_F(KernelsSmoke, AnArm64GuestRunsSpawnUnderItsOwnSchedlab) {
  const auto arm64 = unpacked("cloud-arm64");
  const char* build = std::getenv("SCHEDLAB_ARM64_BUILD");
  const std::string busybox = (kKernels / "cloud-arm64" / "busybox").string();
  if (!build || !*build) SCHEDLAB_SKIP(kArm64) << "no arm64 build: SCHEDLAB_ARM64_BUILD=build-arm64 (scripts/test's arm64 phase)";
  if (!arm64 || access(busybox.c_str(), X_OK) != 0)
    SCHEDLAB_SKIP(kArm64) << "no cloud-arm64 kernel and busybox in " << kKernels << " (scripts/guest-kernels DIR cloud-arm64)";
  if (!on_path("qemu-system-aarch64")) SCHEDLAB_SKIP(kArm64) << "no qemu-system-aarch64 (scripts/deps --arm64)";
  const std::string image = arm64->arg.substr(arm64->arg.find('=') + 1);
  const auto o = run_schedlab({"kernels", "--arch", "arm64", "--kernel", "arm64=" + image, "--guest-schedlab",
                               std::string(build) + "/schedlab", "--guest-busybox", busybox, "--vcpus", "2", "--boots",
                               "1", "--json", dir_.file("arm64.json"), "--no-store", "--", "run", "spawn",
                               "--duration", "300ms", "--runs", "2"});
  ASSERT_EQ(o.status, 0) << o.out << o.err;
  const auto set = read_json(dir_.file("arm64.json"))["sets"][0];
  EXPECT_EQ(set["status"], "PASS") << set["error"];
  EXPECT_EQ(set["guest"]["arch"], "arm64");
  EXPECT_EQ(set["guest"]["cpu"], "max,pauth-impdef=on");
  EXPECT_EQ(set["guest"]["accel"], "tcg");
  EXPECT_EQ(set["guest"]["boots"][0]["outcome"], "completed") << set["guest"]["boots"][0].dump();
  EXPECT_EQ(set["environment"]["kernel"]["release"], arm64->release);  // the guest said so itself
  EXPECT_EQ(set["environment"]["kernel"]["machine"], "aarch64");
  ASSERT_EQ(set["runs"].size(), 2u);
  for (const auto& run : set["runs"]) EXPECT_GT(run["values"]["lps"].get<double>(), 0) << run.dump();
  // The host's /bin/true is x86-64: the guest executes busybox's own.
  const auto exec = run_schedlab({"kernels", "--arch", "arm64", "--kernel", "arm64=" + image, "--guest-schedlab",
                                  std::string(build) + "/schedlab", "--guest-busybox", busybox, "--boots", "1",
                                  "--json", dir_.file("exec.json"), "--no-store", "--", "run", "exec", "--duration",
                                  "300ms", "--runs", "1"});
  ASSERT_EQ(exec.status, 0) << exec.out << exec.err;
  const auto exec_set = read_json(dir_.file("exec.json"))["sets"][0];
  EXPECT_EQ(exec_set["status"], "PASS") << exec_set["error"];
  expect_nothing_left();
}

// Interrupted while two guests run side by side: both are stopped, both
// kernels' sets say so, and nothing of either boot is left.
TEST_F(KernelsSmoke, InterruptedSideBySideLeavesNeitherGuest) {
  const std::string image = cloud_->arg.substr(cloud_->arg.find('=') + 1);
  const std::string json = dir_.file("i.json");
  Schedlab s({"kernels", "--kernel", "a=" + image, "--kernel", "b=" + image, "--side-by-side", "--vcpus", "1",
              "--host-cpus", "0-1", "--boots", "1", "--accel", "tcg", "--json", json, "--no-store", "--", "run",
              "spawn", "--duration", "60", "--runs", "1"});
  auto both_running = [] {
    int running = 0;
    for (const auto& dir : run_directories())
      running += sys::read_text(dir + "/console.log").value_or("").find("SCHEDLAB-GUEST-RUN") != std::string::npos;
    return running == 2;
  };
  ASSERT_TRUE(wait_for(both_running));
  s.signal(SIGTERM);
  const auto o = s.wait();
  EXPECT_EQ(o.status, 128 + SIGTERM) << o.err;
  const auto sets = read_json(json)["sets"];
  ASSERT_EQ(sets.size(), 2u);
  for (const auto& set : sets) {
    EXPECT_EQ(set["status"], "ERROR");
    EXPECT_NE(set.value("error", "").find("interrupted"), std::string::npos) << set.dump();
  }
  expect_nothing_left();
}

// A git history of three commits whose file kernel-path names a prebuilt
// kernel image, for `bisect --build-cmd "tail -n 1 kernel-path"`.
struct BisectTree {
  BisectTree(const TempDir& scratch, const std::string& image) : dir(scratch.file("tree")), out(scratch.file("git.out")) {
    fs::create_directories(dir);
    git("init -q -b main");
    git("config user.email t@example.org");
    git("config user.name T");
    for (int i = 0; i < 3; ++i) {
      std::ofstream(dir + "/kernel-path") << "# commit " << i << "\n" << image << "\n";
      git("add kernel-path");
      git("commit -q -m c" + std::to_string(i));
      commits.push_back(git("rev-parse HEAD"));
    }
  }
  // As it was before the bisect: on main at its last commit, clean, no
  // bisect of git's or ours in progress.
  void expect_left_as_found() const {
    EXPECT_EQ(git("symbolic-ref HEAD"), "refs/heads/main");
    EXPECT_EQ(git("rev-parse HEAD"), commits[2]);
    EXPECT_EQ(git("status --porcelain"), "");
    EXPECT_FALSE(fs::exists(dir + "/.git/BISECT_START"));
    EXPECT_FALSE(fs::exists(dir + "/.git/schedlab-bisect.json"));
  }
  // git -C DIR ARGS, which must succeed; its output without the last newline.
  std::string git(const std::string& args) const {
    const int rc = std::system(("git -C " + dir + " " + args + " > " + out + " 2>&1").c_str());
    EXPECT_EQ(rc, 0) << args << ": " << slurp(out);
    std::string text = slurp(out);
    while (!text.empty() && text.back() == '\n') text.pop_back();
    return text;
  }
  std::string dir, out;
  std::vector<std::string> commits;
};

// schedlab bisect end to end over a three-commit history whose --build-cmd
// prints a prebuilt kernel (Debian's cloud kernel for every commit): the
// middle commit is the one step, judged beside the good revision's kernel
// (an A/A under TCG, with --emulated-ok and a threshold wide enough to
// decide in three blocks: six boots); the last commit is then the first bad one, the
// table has the step, and the tree is left as it was found.
TEST_F(KernelsSmoke, BisectJudgesTheMiddleCommitAndNamesTheFirstBadOne) {
  const BisectTree t(dir_, cloud_->arg.substr(cloud_->arg.find('=') + 1));
  const std::string& tree = t.dir;
  const std::vector<std::string>& commits = t.commits;
  const auto o = run_schedlab({"bisect", "--tree", tree, "--good", commits[0], "--bad", commits[2], "--build-cmd",
                               "tail -n 1 kernel-path", "--accel", "tcg", "--emulated-ok", "--threshold", "90",
                               "--max-boots", "3", "--", "run", "spawn", "--duration", "300ms", "--runs", "2"});
  ASSERT_EQ(o.status, 0) << o.out << o.err;
  EXPECT_NE(o.out.find("first bad commit: " + commits[2] + " c2"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find(commits[1].substr(0, 12) + "  good"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("emulation"), std::string::npos) << o.out;
  t.expect_left_as_found();
  expect_nothing_left();
}

// A bisect SIGKILLed while it judges its step leaves git's bisect and its
// own state in the tree; the next invocation undoes what the dead one left
// (its guest's run directory), and `bisect --resume` judges the step again
// and ends as an uninterrupted bisect does, the tree as it was found.
TEST_F(KernelsSmoke, ABisectKilledMidStepIsResumedToTheSameAnswer) {
  const BisectTree t(dir_, cloud_->arg.substr(cloud_->arg.find('=') + 1));
  const std::string& tree = t.dir;
  const std::vector<std::string>& commits = t.commits;
  Schedlab killed({"bisect", "--tree", tree, "--good", commits[0], "--bad", commits[2], "--build-cmd",
                   "tail -n 1 kernel-path", "--accel", "tcg", "--emulated-ok", "--threshold", "90", "--max-boots", "3",
                   "--", "run", "spawn", "--duration", "300ms", "--runs", "2"});
  ASSERT_TRUE(wait_for(guest_command_running));
  killed.signal(SIGKILL);
  killed.wait();
  EXPECT_TRUE(wait_for([] { return guest_processes().empty() && leftover_children().empty(); }, seconds(30)));
  EXPECT_TRUE(fs::exists(tree + "/.git/BISECT_START"));
  EXPECT_TRUE(fs::exists(tree + "/.git/schedlab-bisect.json"));
  const auto o = run_schedlab({"bisect", "--resume", "--tree", tree});
  ASSERT_EQ(o.status, 0) << o.out << o.err;
  EXPECT_NE(o.out.find("first bad commit: " + commits[2] + " c2"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find(commits[1].substr(0, 12) + "  good"), std::string::npos) << o.out;
  t.expect_left_as_found();
  expect_nothing_left();
}

// A dry run writes nothing: `check --dry-run --kernel` checks the kernel,
// the baseline and the guest's shape but neither creates the initramfs
// cache nor writes an image to it (issue 30, defect 11: it did both).
TEST_F(KernelsSmoke, ADryRunCheckWritesNothing) {
  ASSERT_EQ(run_schedlab({"run", "spawn", "--duration", "100ms", "--runs", "2", "--json", dir_.file("good.json"),
                          "--no-store"}).status, 0);
  auto good = read_json(dir_.file("good.json"));
  good["sets"][0]["guest"] = {{"vcpus", 2}, {"memory_mib", 1024}, {"accel", "tcg"}};  // as if measured in a guest
  std::ofstream(dir_.file("good.json")) << good.dump();
  const std::string cache = dir_.file("cache");
  const std::string image = cloud_->arg.substr(cloud_->arg.find('=') + 1);
  const auto o = run_schedlab({"check", "--dry-run", "--kernel", image, "--baseline", dir_.file("good.json")},
                              {"env", "XDG_CACHE_HOME=" + cache});
  EXPECT_EQ(o.status, 0) << o.err;
  EXPECT_NE(o.out.find("dry run"), std::string::npos) << o.out;
  EXPECT_FALSE(fs::exists(cache)) << "the dry run created the initramfs cache";
  std::vector<std::string> files;
  for (const auto& entry : fs::directory_iterator(dir_.path())) files.push_back(entry.path().filename().string());
  EXPECT_EQ(files, std::vector<std::string>{"good.json"});
}

TEST_F(KernelsSmoke, BadInputIsOneLineAndExit2) {
  std::ofstream(dir_.file("exists.json")) << "{}\n";  // --json refuses an existing file without --force
  const std::vector<std::vector<std::string>> cases = {
      {"kernels", "--", "run", "spawn"},
      {"kernels", "--kernel", cloud_->arg, "--boots", "0", "--", "run", "spawn"},
      {"kernels", "--kernel", cloud_->arg, "--accel", "arm", "--", "run", "spawn"},
      {"kernels", "--kernel", cloud_->arg, "--guest-clock", "tsc", "--", "run", "spawn"},
      {"kernels", "--kernel", cloud_->arg, "--guest-clock", "instructions", "--vcpus", "2", "--", "run", "spawn"},
      {"kernels", "--kernel", cloud_->arg, "--guest-clock", "instructions", "--vcpus", "1", "--accel", "kvm", "--",
       "run", "spawn"},
      {"kernels", "--kernel", cloud_->arg, "--memory", "12", "--", "run", "spawn"},
      {"kernels", "--kernel", cloud_->arg, "--vcpus", "3", "--host-cpus", "0", "--", "run", "spawn"},
      {"kernels", "--kernel", "x=/nonexistent/vmlinuz", "--", "run", "spawn"},
      {"kernels", "--kernel", cloud_->arg, "--kernel", cloud_->arg, "--", "run", "spawn"},
      {"kernels", "--kernel", cloud_->arg, "--", "run", "spawn", "--json", "x.json"},
      {"kernels", "--kernel", cloud_->arg, "--", "run", "spawn", "--append"},
      {"kernels", "--kernel", cloud_->arg, "--json", dir_.file("exists.json"), "--", "run", "spawn"},
      {"kernels", "--kernel", cloud_->arg, "--", "spawn"},
      {"kernels", "--kernel", cloud_->arg},
      {"suite", "lkml", "--kernels", cloud_->arg},
      {"suite", "quick", "--kernels", cloud_->arg + ",other=" + cloud_->arg.substr(6)}};
  for (const auto& args : cases) {
    const auto o = run_schedlab(args);
    EXPECT_EQ(o.status, 2) << args[2] << ": " << o.err;
    EXPECT_EQ(std::count(o.err.begin(), o.err.end(), '\n'), 1) << o.err;
  }
  // A configuration that lacks what the guest and the spec need is refused before any boot, every
  // missing option named with why, and the file read (docs/kernels.md, "What a kernel needs").
  std::string lacking;
  {
    std::ifstream in(std::string(SCHEDLAB_SOURCE_DIR) + "/tests/fixtures/kernel-config/guest-6.1.192.config");
    for (std::string line; std::getline(in, line);)
      if (line.rfind("CONFIG_VIRTIO_FS=", 0) != 0 && line.rfind("CONFIG_PSI=", 0) != 0) lacking += line + "\n";
  }
  std::ofstream(dir_.file("lacking.config")) << lacking;
  const auto refused = run_schedlab({"kernels", "--kernel", cloud_->arg, "--config", dir_.file("lacking.config"), "--",
                                     "run", "spawn", "--psi", "on", "--cgroup-depth", "1"});
  EXPECT_EQ(refused.status, 2) << refused.err;
  EXPECT_EQ(std::count(refused.err.begin(), refused.err.end(), '\n'), 1) << refused.err;
  for (const std::string& part :
       std::vector<std::string>{"CONFIG_VIRTIO_FS=y or m", "CONFIG_PSI=y (--psi", dir_.file("lacking.config")})
    EXPECT_NE(refused.err.find(part), std::string::npos) << part << " in: " << refused.err;
  EXPECT_EQ(run_schedlab({"kernels", "--kernel", cloud_->arg, "--config", "other=" + dir_.file("lacking.config"),
                          "--", "run", "spawn"}).status, 2) << "--config NAME= names no --kernel";
  // check --kernel needs a baseline measured in a guest: a host's is bad input (255, bisect stops).
  ASSERT_EQ(run_schedlab({"run", "spawn", "--duration", "200ms", "--runs", "2", "--quiet", "--json",
                          dir_.file("host.json")}).status, 0);
  const auto o = run_schedlab({"check", "--kernel", cloud_->arg.substr(6), "--baseline", dir_.file("host.json")});
  EXPECT_EQ(o.status, 255) << o.err;
  EXPECT_NE(o.err.find("measured in a guest"), std::string::npos) << o.err;
  expect_nothing_left();
}

}  // namespace
}  // namespace schedlab::testing
