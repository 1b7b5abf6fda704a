// A spec that runs in guests is parsed once into a GuestSpec, which carries
// the command line every guest runs; kernels, the step judge and lava job
// take it as it is (flows/guest_spec.h).
#include <gtest/gtest.h>

#include "cli/run_parse.h"
#include "core/error.h"
#include "flows/kernels_request.h"
#include "flows/kernel_pair.h"
#include "flows/lava_job.h"
#include "guest/elf_fixture.h"
#include "support/registries.h"
#include "support/temp_dir.h"

namespace schedlab {
namespace {

using Words = std::vector<std::string>;

GuestSpec parsed(const Words& words) {
  auto spec = parse_guest_spec(testing::registries(), words);
  if (!spec) throw std::logic_error("--help was shown");
  return std::move(*spec);
}

std::string usage_message(const std::function<void()>& f) {
  try {
    f();
  } catch (const UsageError& e) {
    return e.what();
  }
  return "";
}

TEST(GuestSpec, CarriesTheCommandLineEveryGuestRunsAndItsVariants) {
  const GuestSpec g = parsed({"spawn", "--runs", "2", "--vary", "autogroup=off,on"});
  EXPECT_EQ(g.run_args, (Words{"run", "spawn", "--runs", "2", "--vary", "autogroup=off,on"}));
  ASSERT_EQ(g.described.size(), 2u);
  EXPECT_EQ(g.runs, 2);
  EXPECT_GT(g.expected_s, 0);
  EXPECT_TRUE(g.seed_per_block()) << "--vary without --seed: a seed per block";
  EXPECT_FALSE(parsed({"spawn", "--vary", "autogroup=off,on", "--seed", "3"}).seed_per_block());
  EXPECT_FALSE(parsed({"spawn"}).seed_per_block()) << "one variant";
}

TEST(GuestSpec, KernelsRefusesTheOptionsItOwnsBeforeReadingAKernel) {
  const KernelsTexts texts;  // no --kernel: refused after the spec's own options
  EXPECT_NE(usage_message([&] { make_kernels_request(texts, parsed({"spawn", "--label", "x"}), {}); })
                .find("kernels: -- run ... --label"),
            std::string::npos);
  EXPECT_NE(usage_message([&] { make_kernels_request(texts, parsed({"spawn"}), {}); }).find("--kernel NAME=VMLINUZ"),
            std::string::npos);
}

TEST(GuestSpec, ALavaJobRunsTheSpecsCommandLineLabelledByKernel) {
  LavaJobTexts texts;
  texts.kernels = {"good=http://lab/good/bzImage", "bad=http://lab/bad/bzImage"};
  texts.ramdisk = "http://lab/schedlab.cpio.gz";
  texts.seed = "3";
  texts.command = {"run", "spawn", "--vary", "autogroup=off,on"};
  grid::JobSpec job = make_job_spec(texts);
  const GuestSpec g = parsed({"spawn", "--vary", "autogroup=off,on"});
  use_run_spec(job, g, "");
  EXPECT_EQ(job.command, g.run_args);
  EXPECT_TRUE(job.label_by_kernel);
  EXPECT_TRUE(job.seed_per_block);
  EXPECT_EQ(job.test_timeout, std::chrono::seconds(300 + static_cast<long>(3 * g.expected_s)));
  EXPECT_NE(usage_message([&] { use_run_spec(job, parsed({"spawn", "--json", "never-written.json"}), ""); })
                .find("lava job: -- run ... --json"),
            std::string::npos);
}

// check --good-kernel and every bisect step compare guests of this host's
// architecture: a kernel of another is refused naming its option and the
// command that has another architecture's guests.
TEST(KernelPair, AKernelOfAnotherArchitectureIsRefusedNamingTheWayOut) {
  testing::TempDir dir;
  const std::string arm = dir.write("boot/vmlinuz-6.1.0-57-cloud-arm64",
                                    testing::arm64_image("Linux version 6.1.0-57-cloud-arm64 (x) #1 SMP"));
  const std::string x86 = dir.write("boot/vmlinuz-6.1.0-1-amd64", testing::bzimage("6.1.0-1-amd64 (x) #1 SMP"));
  const bool on_x86 = guest::host_arch() == guest::GuestArch::kX86_64;
  const std::string& foreign = on_x86 ? arm : x86;
  KernelPairCheck c;
  c.step_kernel = on_x86 ? x86 : arm;
  c.good_kernel = foreign;
  const std::string why = usage_message([&] { check_pair_kernels(c); });
  EXPECT_NE(why.find("--good-kernel '" + foreign + "'"), std::string::npos) << why;
  EXPECT_NE(why.find("check judges"), std::string::npos) << why;
  EXPECT_NE(why.find(std::string("schedlab kernels --arch ") + (on_x86 ? "arm64" : "x86_64")), std::string::npos) << why;
  c.command = "bisect";
  std::swap(c.step_kernel, c.good_kernel);
  const std::string bisect = usage_message([&] { check_pair_kernels(c); });
  EXPECT_NE(bisect.find("--kernel '" + foreign + "': expected a kernel of this host's"), std::string::npos) << bisect;
  EXPECT_NE(bisect.find("bisect judges"), std::string::npos) << bisect;
}

}  // namespace
}  // namespace schedlab

namespace schedlab {
namespace {

// --probes is checked where the command line is parsed, the base value too:
// a --vary that overrides it on every variant does not hide a bad one.
TEST(GuestSpec, ABadBaseProbesIsRefusedThoughEveryVariantOverridesIt) {
  const std::vector<std::string> words = {"spawn", "--probes", "bogus", "--vary", "probes=none,psi"};
  EXPECT_THROW(parse_guest_spec(testing::registries(), words), UsageError);
  const Workload& w = *testing::workload_registry().find("spawn");
  EXPECT_THROW(parse_run(w, testing::probe_list(), {words.begin() + 1, words.end()}), UsageError);
  EXPECT_THROW(parse_guest_spec(testing::registries(), {"spawn", "--vary", "probes=none,bogus"}), UsageError)
      << "and each variant's";
}

}  // namespace
}  // namespace schedlab
