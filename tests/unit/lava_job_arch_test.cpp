// `lava job` and the devices' architecture (flows/lava_job.cpp): --arch or
// the ramdisk's local copy picks the built-in template, and a ramdisk whose
// programs are for another architecture than the devices' is refused
// before a job that cannot run is written.
#include <gtest/gtest.h>

#include "core/error.h"
#include "flows/lava_job.h"
#include "grid/lava_ramdisk.h"
#include "guest/elf_fixture.h"
#include "support/temp_dir.h"

namespace schedlab {
namespace {

using guest::GuestArch;

// A ramdisk of static programs for `arch`, as `lava ramdisk` writes it.
std::string ramdisk_file(testing::TempDir& dir, GuestArch arch, const std::string& name) {
  const std::string program = testing::program_for(guest::elf_machine(arch), false);
  const grid::RamdiskInputs in{arch, dir.write(name + "/schedlab", program), dir.write(name + "/schedlab-worker", program),
                               dir.write(name + "/busybox", program), {}};
  return dir.write(name + ".cpio.gz", grid::build_lava_ramdisk(in).bytes);
}

LavaJobTexts job_texts(const std::string& ramdisk_name) {
  LavaJobTexts t;
  t.kernels = {"a=http://lab/a/Image", "b=http://lab/b/Image"};
  t.ramdisk = "http://lab/" + ramdisk_name + ".cpio.gz";
  t.seed = "1";
  t.command = {"suite", "quick"};
  return t;
}

std::string refusal(const LavaJobTexts& t) {
  try {
    make_job_spec(t);
  } catch (const UsageError& e) {
    return e.what();
  }
  return "";
}

TEST(LavaJobArch, TheRamdisksProgramsPickTheTemplateOfTheirArchitecture) {
  testing::TempDir dir;
  LavaJobTexts t = job_texts("arm");
  t.files = {ramdisk_file(dir, GuestArch::kArm64, "arm")};
  const grid::JobSpec job = make_job_spec(t);
  ASSERT_TRUE(job.device.arch);
  EXPECT_EQ(*job.device.arch, GuestArch::kArm64);
  EXPECT_EQ(job.device_type, "qemu");
  EXPECT_EQ(job.device.context["arch"].as<std::string>(), "arm64");
  EXPECT_EQ(job.sha256.count("http://lab/arm.cpio.gz"), 1u);

  t.files = {ramdisk_file(dir, GuestArch::kX86_64, "x86")};
  t.ramdisk = "http://lab/x86.cpio.gz";
  EXPECT_EQ(*make_job_spec(t).device.arch, GuestArch::kX86_64);
  t.files.clear();
  t.arch = "arm64";
  EXPECT_EQ(*make_job_spec(t).device.arch, GuestArch::kArm64) << "--arch alone picks it";
}

TEST(LavaJobArch, ARamdiskForOtherDevicesIsRefusedNamingTheWayOut) {
  testing::TempDir dir;
  LavaJobTexts t = job_texts("arm");
  t.files = {ramdisk_file(dir, GuestArch::kArm64, "arm")};
  t.arch = "x86_64";
  const std::string why = refusal(t);
  EXPECT_NE(why.find("carries arm64 programs"), std::string::npos) << why;
  EXPECT_NE(why.find("lava ramdisk --arch x86_64"), std::string::npos) << why;

  t.arch.clear();
  t.device_type = "x86";  // built for x86_64 only
  EXPECT_NE(refusal(t).find("--device-type 'x86' --arch arm64"), std::string::npos) << refusal(t);

  t.device_type.clear();
  t.kernels = {"a=http://lab/a/Image:http://lab/arm.cpio.gz", "b=http://lab/b/Image:http://lab/x86.cpio.gz"};
  t.ramdisk.clear();
  t.files.push_back(ramdisk_file(dir, GuestArch::kX86_64, "x86"));
  EXPECT_NE(refusal(t).find("one job boots one kind of device"), std::string::npos) << refusal(t);
}

TEST(LavaJobArch, ALabsTemplateSaysItsArchitectureOrLeavesItUnsaid) {
  testing::TempDir dir;
  const std::string body = "deploy: {to: tmpfs, kernel: {url: $kernel_url}, ramdisk: {url: $ramdisk_url}}\n"
                           "boot: {method: qemu}\n";
  LavaJobTexts t = job_texts("arm");
  t.device_type = "qemu";
  t.files = {ramdisk_file(dir, GuestArch::kArm64, "arm")};
  t.template_file = dir.write("said.yaml", "arch: x86_64\n" + body);
  EXPECT_NE(refusal(t).find("carries arm64 programs"), std::string::npos) << refusal(t);
  t.template_file = dir.write("context.yaml", "context: {arch: amd64}\n" + body);
  EXPECT_NE(refusal(t).find("carries arm64 programs"), std::string::npos) << refusal(t);
  t.template_file = dir.write("unsaid.yaml", body);
  EXPECT_FALSE(make_job_spec(t).device.arch) << "a template that does not say is taken as it is";
  t.template_file = dir.write("both.yaml", "arch: arm64\ncontext: {arch: amd64}\n" + body);
  EXPECT_NE(refusal(t).find("where the context's arch says x86_64"), std::string::npos) << refusal(t);
  t.template_file = dir.write("other.yaml", "arch: riscv64\n" + body);
  EXPECT_NE(refusal(t).find("arch: expected x86_64 or arm64"), std::string::npos) << refusal(t);
  t.template_file = dir.write("said-arm.yaml", "arch: arm64\n" + body);
  t.arch = "x86_64";
  EXPECT_NE(refusal(t).find("is for arm64 devices"), std::string::npos) << refusal(t);
}

}  // namespace
}  // namespace schedlab
