// End to end with LAVA's own dispatcher: `schedlab lava ramdisk` makes the
// ramdisk, `schedlab lava job` the job, Debian's `lava-run` runs it on
// LAVA's qemu device type under TCG (tests/fixtures/lava/qemu-tcg.yaml, as
// lava-server renders qemu-tcg.jinja2: KVM guests hang on the development
// VM) booting Debian's 6.1 cloud kernel, each boot running a short spawn
// with --lava in LAVA's test shell; `schedlab lava collect` reads lava-run's
// log into a store and compare reads the sets.  The smoke (one boot, about
// 20 seconds) runs by default; two kernels x two boots (about a minute and a
// half) and check --lava (one boot) with SCHEDLAB_LAVA_TESTS=full.  Both need root, lava-dispatcher
// (scripts/deps --lava), QEMU and the kernel (scripts/guest-kernels
// build/guest-kernels cloud); without them they skip with the reason.  The
// collect test on the log recorded from such a run needs none of it.
// Nothing here asserts a timing; the `timeout` is a hang guard.
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <unistd.h>
#include <yaml-cpp/yaml.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>

#include "integration/grid_support.h"
#include "integration/harness.h"
#include "support/skip.h"

namespace schedlab::testing {
namespace {

namespace fs = std::filesystem;

const fs::path kBuildDir = fs::path(SCHEDLAB_BIN).parent_path();
const std::string kLavaFixtures = std::string(SCHEDLAB_SOURCE_DIR) + "/tests/fixtures/lava";

std::string cloud_kernel() {
  std::error_code ec;
  for (auto it = fs::directory_iterator(kBuildDir / "guest-kernels" / "cloud" / "boot", ec);
       !ec && it != fs::directory_iterator(); it.increment(ec))
    if (it->path().filename().string().rfind("vmlinuz-", 0) == 0) return it->path().string();
  return "";
}

// Skips (the caller checks IsSkipped) when lava-run cannot boot `kernel` here.
void skip_unless_lava_runs(const std::string& kernel) {
  if (geteuid() != 0) SCHEDLAB_SKIP(kRoot) << "lava-run needs root";
  if (access("/usr/bin/lava-run", X_OK) != 0) SCHEDLAB_SKIP(kLava) << "no lava-run: scripts/deps --lava";
  if (access("/usr/bin/cpio", X_OK) != 0) SCHEDLAB_SKIP(kLava) << "no cpio: lava-run adds its overlay with it";
  if (access("/usr/bin/qemu-system-x86_64", X_OK) != 0)
    SCHEDLAB_SKIP(kGuest) << "no qemu-system-x86_64: scripts/deps --kernels";
  if (kernel.empty())
    SCHEDLAB_SKIP(kGuest) << "no unpacked cloud kernel: scripts/guest-kernels build/guest-kernels cloud";
}

// lava-run's log (it writes it on stderr) of `job`, run as job `id` (its
// scratch directory is /var/lib/lava/dispatcher/tmp/ID: ours, by our pid).
std::string lava_run(const TempDir& dir, const std::string& job, int* status, const std::string& device = "qemu-tcg") {
  fs::create_directories(dir.file("out"));
  const std::string id = std::to_string(getpid());
  std::string said;
  *status = run_program({"sh", "-c", fmt::format("exec timeout -k 10 900 lava-run --job-id {} --output-dir {} "
                                                 "--device {}/{}.yaml {} 2> {}/out/output.yaml",
                                                 id, dir.file("out"), kLavaFixtures, device, job, dir.path())},
                        &said);
  return said + dir.read("out/output.yaml");
}

// The ramdisk (with `add`: --add FILE:DEST...) and a job of `kernels`
// (NAME=PATH) x `boots` running `command`.
std::string ramdisk_and_job(const TempDir& dir, const std::vector<std::string>& kernels, int boots,
                            const std::vector<std::string>& command, const std::vector<std::string>& add = {}) {
  std::vector<std::string> made = {"lava", "ramdisk", "-o", dir.file("schedlab.cpio.gz")};
  for (const auto& a : add) made.insert(made.end(), {"--add", a});
  const Outcome ramdisk = run_schedlab(made);
  EXPECT_EQ(ramdisk.status, 0) << ramdisk.err;
  std::vector<std::string> args = {"lava", "job", "--ramdisk", "file://" + dir.file("schedlab.cpio.gz"),
                                   "--boots", std::to_string(boots), "--seed", "1", "-o", dir.file("job.yaml")};
  for (const auto& k : kernels) args.insert(args.end(), {"--kernel", k});
  args.push_back("--");
  args.insert(args.end(), command.begin(), command.end());
  const Outcome job = run_schedlab(args);
  EXPECT_EQ(job.status, 0) << job.err;
  return dir.file("job.yaml");
}

TEST(LavaRun, ASpawnBootedByLavaRunComesBackIntoTheStore) {
  const std::string kernel = cloud_kernel();
  skip_unless_lava_runs(kernel);
  if (IsSkipped()) return;
  TempDir dir;
  const std::string job = ramdisk_and_job(dir, {"cloud=file://" + kernel}, 1,
                                          {"run", "spawn", "--duration", "300ms", "--runs", "2"});
  int status = -1;
  const std::string log = lava_run(dir, job, &status);
  ASSERT_EQ(status, 0) << log.substr(log.size() > 6000 ? log.size() - 6000 : 0);
  EXPECT_TRUE(std::regex_search(log, std::regex(R"("case": "cloud\.spawn", "definition": "0_schedlab-boot1-block1-cloud")"
                                                R"(, "endtc": ! "[0-9]+", "measurement": ! "[0-9.e+]+", "result": "pass")")));
  EXPECT_NE(log.find(R"({"case": "job", "definition": "lava", "result": "pass"})"), std::string::npos);
  const std::string db = dir.file("grid.db");
  const Outcome collected = run_schedlab({"lava", "collect", dir.file("out"), "--store", db, "--json", dir.file("c.json")});
  ASSERT_EQ(collected.status, 0) << collected.err << collected.out;
  EXPECT_NE(collected.out.find("cloud: 1 boot, 2 runs, PASS"), std::string::npos) << collected.out;
  const auto set = read_json(dir.file("c.json"))["sets"][0];
  EXPECT_TRUE(set["emulated"].get<bool>()) << "QEMU without -enable-kvm";
  EXPECT_EQ(set["environment"]["kernel"]["release"], fs::path(kernel).filename().string().substr(8));
  EXPECT_EQ(set["environment"]["system"]["hostname"], "schedlab-lava");
  EXPECT_EQ(set["lava"]["boots"][0]["cases"][0]["case"], "cloud.spawn");
  EXPECT_TRUE(leftover_children().empty());
}

TEST(LavaRun, TwoKernelsBootedInBlocksCompareFromTheStore) {
  const char* full = std::getenv("SCHEDLAB_LAVA_TESTS");
  if (!full || std::string(full) != "full")
    SCHEDLAB_SKIP(kLavaFull) << "four emulated boots under lava-run (a minute or two): SCHEDLAB_LAVA_TESTS=full";
  const std::string kernel = cloud_kernel();
  skip_unless_lava_runs(kernel);
  if (IsSkipped()) return;
  TempDir dir;
  const std::string job = ramdisk_and_job(dir, {"a=file://" + kernel, "b=file://" + kernel}, 2,
                                          {"run", "spawn", "--duration", "1s", "--runs", "3"});
  int status = -1;
  const std::string log = lava_run(dir, job, &status);
  ASSERT_EQ(status, 0) << log.substr(log.size() > 6000 ? log.size() - 6000 : 0);
  for (const char* k : {"a", "b"}) {
    const std::regex recorded(fmt::format(R"("case": "{}\.spawn", "definition": "[0-9]_schedlab-boot[12]-block[12]-{}")", k, k));
    EXPECT_EQ(std::distance(std::sregex_iterator(log.begin(), log.end(), recorded), std::sregex_iterator()), 2) << k;
  }
  const std::string db = dir.file("grid.db");
  const Outcome collected = run_schedlab({"lava", "collect", dir.file("out"), "--store", db});
  ASSERT_EQ(collected.status, 0) << collected.err << collected.out;
  EXPECT_NE(collected.out.find("a: 2 boots, 6 runs, PASS"), std::string::npos) << collected.out;
  EXPECT_NE(collected.out.find("b: 2 boots, 6 runs, PASS"), std::string::npos) << collected.out;
  const Outcome compared = run_schedlab({"compare", "@label=a", "@label=b", "--paired", "--store", db});
  EXPECT_EQ(compared.status, 0) << compared.err;
  EXPECT_NE(compared.out.find("paired-t"), std::string::npos) << compared.out;
  EXPECT_NE(compared.out.find("emulation"), std::string::npos) << compared.out;
  EXPECT_TRUE(leftover_children().empty());
}

// check --lava in the test shell: the baseline travels in the ramdisk, the
// verdict comes back as LAVA's check.METRIC case (whichever it is: the
// guest is emulated, the baseline was not), the set into the store.
TEST(LavaRun, ACheckInTheTestShellReportsItsVerdictToLava) {
  const char* full = std::getenv("SCHEDLAB_LAVA_TESTS");
  if (!full || std::string(full) != "full")
    SCHEDLAB_SKIP(kLavaFull) << "an emulated boot under lava-run for check: SCHEDLAB_LAVA_TESTS=full";
  const std::string kernel = cloud_kernel();
  skip_unless_lava_runs(kernel);
  if (IsSkipped()) return;
  TempDir dir;
  const Outcome base = run_schedlab({"run", "spawn", "--duration", "300ms", "--runs", "3", "--no-store", "--json",
                                     dir.file("base.json")});
  ASSERT_EQ(base.status, 0) << base.err;
  const std::string job = ramdisk_and_job(dir, {"cand=file://" + kernel}, 1, {"check", "--baseline", "/root/base.json"},
                                          {dir.file("base.json") + ":/root/base.json"});
  int status = -1;
  const std::string log = lava_run(dir, job, &status);
  ASSERT_EQ(status, 0) << log.substr(log.size() > 6000 ? log.size() - 6000 : 0);
  EXPECT_TRUE(std::regex_search(log, std::regex(R"("case": "check\.lps", "definition": "0_schedlab-boot1-block1-cand")"
                                                R"(, "endtc": ! "[0-9]+", "measurement": ! "[-0-9.e+]+", )"
                                                R"re("result": "(pass|fail|skip)", "starttc": ! "[0-9]+", "units": "%")re")))
      << log.substr(log.size() > 6000 ? log.size() - 6000 : 0);
  const Outcome collected = run_schedlab({"lava", "collect", dir.file("out"), "--store", dir.file("grid.db")});
  EXPECT_EQ(collected.status, 0) << collected.err << collected.out;
  // check decides how many runs it needs (batches of 3, up to 15).
  EXPECT_TRUE(std::regex_search(collected.out, std::regex(R"(: 1 boot, [0-9]+ runs, PASS)"))) << collected.out;
  EXPECT_TRUE(leftover_children().empty());
}

// The device configurations lava-run is given are exactly what lava-server
// renders from the dictionaries beside them (regenerate them with
// tests/grid/render_lava_device.py when either changes).
TEST(LavaDevice, TheTcgDevicesAreWhatLavaServerRendersFromTheirDictionaries) {
  for (const std::string device : {"qemu-tcg", "qemu-arm64-tcg"}) {
    const std::string fixture_stem = fmt::format("{}/{}", kLavaFixtures, device);
    std::string rendered;
    const int status = run_program({"/usr/bin/python3", grid_script("render_lava_device.py"),
                                    fixture_stem + ".jinja2"}, &rendered);
    if (status == 3) SCHEDLAB_SKIP(kLava) << "lava-server's device-type templates: " << rendered;
    ASSERT_EQ(status, 0) << rendered;
    std::ifstream fixture(fixture_stem + ".yaml");
    EXPECT_EQ(rendered, std::string(std::istreambuf_iterator<char>(fixture), {})) << device;
    EXPECT_EQ(rendered.find("-enable-kvm"), std::string::npos) << device;
  }
}

// An arm64 lab: the ramdisk carries the arm64 schedlab of `cmake --preset
// arm64` (SCHEDLAB_ARM64_BUILD, which scripts/arm64 test sets) and Debian's
// busybox-static:arm64; `lava job` reads the devices' architecture from it
// and writes the qemu-arm64 template's job; lava-run boots Debian's arm64
// cloud kernel under qemu-system-aarch64 (tests/fixtures/lava/
// qemu-arm64-tcg.yaml), and the set that comes back says aarch64.
TEST(LavaRun, AnArm64RamdiskBootsDebiansArm64KernelUnderLavaRun) {
  const char* build = std::getenv("SCHEDLAB_ARM64_BUILD");
  const fs::path arm64 = kBuildDir / "guest-kernels" / "cloud-arm64";
  std::string kernel;
  std::error_code ec;
  for (auto it = fs::directory_iterator(arm64 / "boot", ec); !ec && it != fs::directory_iterator(); it.increment(ec))
    if (it->path().filename().string().rfind("vmlinuz-", 0) == 0) kernel = it->path().string();
  if (!build || !*build) SCHEDLAB_SKIP(kArm64) << "no arm64 build: SCHEDLAB_ARM64_BUILD=build-arm64 (scripts/arm64 test)";
  if (kernel.empty() || access((arm64 / "busybox").c_str(), X_OK) != 0)
    SCHEDLAB_SKIP(kArm64) << "no cloud-arm64 kernel and busybox: scripts/guest-kernels build/guest-kernels cloud-arm64";
  if (access("/usr/bin/qemu-system-aarch64", X_OK) != 0 || access("/usr/bin/qemu-aarch64", X_OK) != 0)
    SCHEDLAB_SKIP(kArm64) << "no qemu-system-aarch64 or qemu-aarch64: scripts/deps --arm64";
  if (IsSkipped()) return;
  skip_unless_lava_runs(kernel);
  if (IsSkipped()) return;
  TempDir dir;
  const std::string ramdisk = dir.file("schedlab-arm64.cpio.gz");
  const Outcome made = run_schedlab({"lava", "ramdisk", "--arch", "arm64", "--guest-schedlab",
                                     std::string(build) + "/schedlab", "--guest-busybox", (arm64 / "busybox").string(),
                                     "-o", ramdisk});
  ASSERT_EQ(made.status, 0) << made.err;
  const Outcome job = run_schedlab({"lava", "job", "--ramdisk", "file://" + ramdisk, "--file", ramdisk, "--kernel",
                                    "arm=file://" + kernel, "--boots", "1", "--seed", "1", "-o", dir.file("job.yaml"),
                                    "--", "run", "spawn", "--duration", "300ms", "--runs", "2"});
  ASSERT_EQ(job.status, 0) << job.err;
  EXPECT_EQ(job.err.find("on trust"), std::string::npos) << job.err;
  const YAML::Node written = YAML::LoadFile(dir.file("job.yaml"));
  EXPECT_EQ(written["context"]["arch"].as<std::string>(), "arm64");
  int status = -1;
  const std::string log = lava_run(dir, dir.file("job.yaml"), &status, "qemu-arm64-tcg");
  ASSERT_EQ(status, 0) << log.substr(log.size() > 6000 ? log.size() - 6000 : 0);
  EXPECT_NE(log.find("qemu-system-aarch64"), std::string::npos);
  const Outcome collected = run_schedlab({"lava", "collect", dir.file("out"), "--no-store", "--json", dir.file("c.json")});
  ASSERT_EQ(collected.status, 0) << collected.err << collected.out;
  const auto set = read_json(dir.file("c.json"))["sets"][0];
  EXPECT_EQ(set["environment"]["kernel"]["machine"], "aarch64");
  EXPECT_EQ(set["environment"]["kernel"]["release"], fs::path(kernel).filename().string().substr(8));
  ASSERT_EQ(set["runs"].size(), 2u);
  for (const auto& run : set["runs"]) EXPECT_GT(run["values"]["lps"].get<double>(), 0) << run.dump();
  EXPECT_TRUE(leftover_children().empty());
}

// A log recorded from lava-run (tests/fixtures/lava/README.md): the
// console lines as LAVA's logger escaped them, its own results records.
TEST(LavaCollect, ALogRecordedFromLavaRunIsCollectedAndCompared) {
  TempDir dir;
  const std::string db = dir.file("grid.db");
  const Outcome collected = run_schedlab({"lava", "collect", kLavaFixtures + "/lava-run-output.yaml", "--store", db,
                                          "--json", dir.file("c.json")});
  ASSERT_EQ(collected.status, 0) << collected.err << collected.out;
  EXPECT_NE(collected.out.find("a: 2 boots, 6 runs, PASS"), std::string::npos) << collected.out;
  EXPECT_NE(collected.out.find("b: 2 boots, 6 runs, PASS"), std::string::npos) << collected.out;
  const auto sets = read_json(dir.file("c.json"))["sets"];
  ASSERT_EQ(sets.size(), 2u);
  EXPECT_TRUE(sets[0]["emulated"].get<bool>());
  EXPECT_EQ(sets[0]["environment"]["system"]["hostname"], "schedlab-lava");
  EXPECT_EQ(sets[0]["lava"]["boots"].size(), 2u);
  EXPECT_EQ(sets[0]["lava"]["boots"][0]["cases"][0]["units"], "loops/s");
  const Outcome compared = run_schedlab({"compare", "@label=a", "@label=b", "--paired", "--store", db});
  EXPECT_EQ(compared.status, 0) << compared.err;
  EXPECT_NE(compared.out.find("paired-t"), std::string::npos) << compared.out;
}

// Every library schedlab loads is in the ramdisk: it runs there chrooted.
TEST(LavaRamdisk, CarriesSchedlabAndEveryLibraryItLoads) {
  if (geteuid() != 0) SCHEDLAB_SKIP(kRoot) << "chroot needs root";
  if (access("/usr/bin/cpio", X_OK) != 0) SCHEDLAB_SKIP(kTools) << "needs cpio to unpack the ramdisk (scripts/deps --test)";
  TempDir dir;
  const Outcome made = run_schedlab({"lava", "ramdisk", "-o", dir.file("r.cpio.gz"), "--add",
                                     std::string(SCHEDLAB_SOURCE_DIR) + "/README.md:/root/baseline.json"});
  ASSERT_EQ(made.status, 0) << made.err;
  EXPECT_NE(made.out.find("boot it with schedlab lava job --ramdisk URL"), std::string::npos) << made.out;
  fs::create_directories(dir.file("root"));
  std::string said;
  ASSERT_EQ(run_program({"sh", "-c", "gzip -dc " + dir.file("r.cpio.gz") + " | (cd " + dir.file("root") +
                                         " && cpio -idm --quiet)"}, &said), 0) << said;
  for (const char* file : {"init", "bin/busybox", "usr/bin/schedlab", "usr/bin/schedlab-worker", "root/baseline.json"})
    EXPECT_TRUE(fs::exists(dir.file("root/" + std::string(file)))) << file;
  std::string version;
  EXPECT_EQ(run_program({"chroot", dir.file("root"), "/usr/bin/schedlab", "--version"}, &version), 0) << version;
  EXPECT_EQ(version.rfind("schedlab ", 0), 0u) << version;
  const Outcome existing = run_schedlab({"lava", "ramdisk", "-o", dir.file("r.cpio.gz")});
  EXPECT_EQ(existing.status, 2) << existing.err;
  const Outcome bad = run_schedlab({"lava", "ramdisk", "-o", dir.file("s.cpio.gz"), "--add", "x:relative/y"});
  EXPECT_EQ(bad.status, 2) << bad.err;
  EXPECT_NE(bad.err.find("--add 'x:relative/y'"), std::string::npos) << bad.err;
}

}  // namespace
}  // namespace schedlab::testing
