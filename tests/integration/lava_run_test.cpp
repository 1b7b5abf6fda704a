// End to end with LAVA's own dispatcher: `schedlab lava ramdisk` makes the
// ramdisk, `schedlab lava job` the job, Debian's `lava-run` runs it on a
// qemu device (tests/fixtures/lava/qemu-tcg.yaml: TCG, as KVM guests hang on
// the development VM) booting Debian's 6.1 cloud kernel twice for each of
// two names, each boot running a short spawn with --lava in LAVA's test
// shell; `schedlab lava collect` reads lava-run's log into a store and
// compare reads the sets.  About a minute and a half of emulated boots, so
// it runs with SCHEDLAB_LAVA_TESTS=full (after scripts/deps --lava and
// scripts/guest-kernels build/guest-kernels cloud); without lava-dispatcher,
// cpio, QEMU, the kernel or root it is skipped with the reason.  Nothing
// here asserts a timing; the waits are hang guards.
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <regex>

#include "integration/grid_support.h"
#include "integration/harness.h"

namespace schedlab::testing {
namespace {

namespace fs = std::filesystem;

const fs::path kBuild = fs::path(SCHEDLAB_BIN).parent_path();

std::string cloud_kernel() {
  std::error_code ec;
  for (auto it = fs::directory_iterator(kBuild / "guest-kernels" / "cloud" / "boot", ec);
       !ec && it != fs::directory_iterator(); it.increment(ec))
    if (it->path().filename().string().rfind("vmlinuz-", 0) == 0) return it->path().string();
  return "";
}

std::string why_not(const std::string& kernel) {
  const char* full = std::getenv("SCHEDLAB_LAVA_TESTS");
  if (!full || std::string(full) != "full")
    return "runs LAVA's dispatcher over emulated boots (a minute or two): SCHEDLAB_LAVA_TESTS=full";
  if (geteuid() != 0) return "not root: lava-run needs root";
  if (access("/usr/bin/lava-run", X_OK) != 0) return "no lava-run (scripts/deps --lava installs lava-dispatcher)";
  if (access("/usr/bin/cpio", X_OK) != 0) return "no cpio: LAVA unpacks the ramdisk with it (scripts/deps --lava)";
  if (access("/usr/bin/qemu-system-x86_64", X_OK) != 0) return "no qemu-system-x86_64 (scripts/deps)";
  if (kernel.empty()) return "no unpacked cloud kernel: scripts/guest-kernels build/guest-kernels cloud";
  return "";
}

TEST(LavaRun, AGeneratedJobBootsUnderLavaRunAndItsResultsComeBack) {
  const std::string kernel = cloud_kernel();
  if (const auto why = why_not(kernel); !why.empty()) GTEST_SKIP() << why;
  TempDir dir;
  const Outcome ramdisk = run_schedlab({"lava", "ramdisk", "-o", dir.file("schedlab.cpio.gz")});
  ASSERT_EQ(ramdisk.status, 0) << ramdisk.err;
  const Outcome job = run_schedlab({"lava", "job", "--kernel", "a=file://" + kernel, "--kernel", "b=file://" + kernel,
                                    "--ramdisk", "file://" + dir.file("schedlab.cpio.gz"), "--boots", "2", "--seed",
                                    "1", "-o", dir.file("job.yaml"), "--", "run", "spawn", "--duration", "1",
                                    "--runs", "1"});
  ASSERT_EQ(job.status, 0) << job.err;
  fs::create_directories(dir.file("out"));
  const auto started = std::chrono::steady_clock::now();
  std::string dispatcher;
  const int status = run_program({"sh", "-c", "exec lava-run --job-id 1 --output-dir " + dir.file("out") +
                                                  " --device " + std::string(SCHEDLAB_SOURCE_DIR) +
                                                  "/tests/fixtures/lava/qemu-tcg.yaml " + dir.file("job.yaml") +
                                                  " 2> " + dir.file("out/output.yaml")}, &dispatcher);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  std::cout << "lava-run: 4 boots in " << seconds << " s\n";
  ASSERT_EQ(status, 0) << dispatcher << dir.read("out/output.yaml").substr(0, 4000);
  const std::string log = dir.read("out/output.yaml");
  for (const char* k : {"a", "b"})
    EXPECT_TRUE(std::regex_search(log, std::regex(std::string("\"case\": \"") + k + "\\.spawn\", \"definition\": "
                                                  "\"[0-9]+_schedlab-boot[12]-block[12]-" + k + "\"")))
        << k;
  EXPECT_NE(log.find("\"case\": \"job\", \"definition\": \"lava\", \"result\": \"pass\""), std::string::npos);
  const std::string db = dir.file("grid.db");
  const Outcome collected = run_schedlab({"lava", "collect", dir.file("out"), "--store", db, "--json", dir.file("c.json")});
  ASSERT_EQ(collected.status, 0) << collected.err << collected.out;
  EXPECT_NE(collected.out.find("a: 2 boots, 2 runs, PASS"), std::string::npos) << collected.out;
  EXPECT_NE(collected.out.find("b: 2 boots, 2 runs, PASS"), std::string::npos) << collected.out;
  const auto sets = read_json(dir.file("c.json"))["sets"];
  ASSERT_EQ(sets.size(), 2u);
  EXPECT_TRUE(sets[0]["emulated"].get<bool>());
  EXPECT_EQ(sets[0]["environment"]["kernel"]["release"], fs::path(kernel).filename().string().substr(8));
  EXPECT_EQ(sets[0]["environment"]["system"]["hostname"], "schedlab-lava");
  EXPECT_EQ(sets[0]["lava"]["boots"].size(), 2u);
  const Outcome compared = run_schedlab({"compare", "@label=a", "@label=b", "--paired", "--store", db});
  EXPECT_EQ(compared.status, 0) << compared.err;
  EXPECT_NE(compared.out.find("emulation"), std::string::npos) << compared.out;
  EXPECT_TRUE(leftover_children().empty());
}

}  // namespace
}  // namespace schedlab::testing
