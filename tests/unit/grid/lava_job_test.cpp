// Unit tests for src/grid/lava_job.cpp and lava_template.cpp: the job's
// shape, its boot order, and user text that stays text.
#include "grid/lava_job.h"

#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include "core/error.h"
#include "core/utf8.h"
#include "grid/shell_words.h"
#include "stats/block_plan.h"
#include "support/temp_dir.h"

namespace schedlab::grid {
namespace {

JobSpec two_kernels() {
  JobSpec spec;
  spec.kernels = {{"good", "http://lab/good/bzImage", "http://lab/r.cpio.gz"},
                  {"bad", "http://lab/bad/bzImage", "http://lab/r.cpio.gz"}};
  spec.boots = 3;
  spec.seed = 7;
  spec.device = builtin_template("qemu");
  spec.device_type = "qemu";
  spec.command = {"run", "spawn", "--duration", "1", "--runs", "1"};
  spec.label_by_kernel = true;
  return spec;
}

std::vector<YAML::Node> actions_named(const YAML::Node& job, const std::string& kind) {
  std::vector<YAML::Node> out;
  for (const auto& action : job["actions"])
    if (action[kind]) out.push_back(action[kind]);
  return out;
}

// Who sees the job, which devices take it, who is told, and which tokens
// fill which variables: written as LAVA's job schema has them, no value of
// a secret anywhere.
TEST(LavaJob, VisibilityTagsNotifyAndSecretsAreLavasBlocks) {
  JobSpec spec = two_kernels();
  EXPECT_EQ(YAML::Load(job_yaml(spec))["visibility"].as<std::string>(), "public");
  EXPECT_FALSE(YAML::Load(job_yaml(spec))["secrets"]);
  spec.visibility = "group";
  spec.visibility_groups = {"perf", "sched"};
  spec.tags = {"big"};
  spec.notify = {"me@example.org", "alice"};
  spec.secrets = {{"SCHEDLAB_STORE", "grid-store"}};
  const YAML::Node job = YAML::Load(job_yaml(spec));
  EXPECT_EQ(job["visibility"]["group"][1].as<std::string>(), "sched");
  EXPECT_EQ(job["tags"][0].as<std::string>(), "big");
  EXPECT_EQ(job["notify"]["criteria"]["status"].as<std::string>(), "finished");
  EXPECT_EQ(job["notify"]["recipients"][0]["to"]["email"].as<std::string>(), "me@example.org");
  EXPECT_EQ(job["notify"]["recipients"][1]["to"]["user"].as<std::string>(), "alice");
  EXPECT_EQ(job["secrets"]["SCHEDLAB_STORE"].as<std::string>(), "grid-store");
}

// A file whose sha256 is known gets its sha256sum beside every url that
// names it, in every boot's deploy; the others get none.
TEST(LavaJob, AKnownFilesChecksumGoesBesideItsUrl) {
  JobSpec spec = two_kernels();
  spec.sha256 = {{"http://lab/r.cpio.gz", std::string(64, 'a')}};
  const YAML::Node job = YAML::Load(job_yaml(spec));
  for (const auto& deploy : actions_named(job, "deploy")) {
    EXPECT_EQ(deploy["images"]["ramdisk"]["sha256sum"].as<std::string>(), std::string(64, 'a'));
    EXPECT_FALSE(deploy["images"]["kernel"]["sha256sum"]);
  }
}

// The whole timeout the warning reads is the one the job says.
TEST(LavaJob, TheJobsTimeoutIsEveryBootsDeployBootAndTest) {
  JobSpec spec = two_kernels();
  spec.test_timeout = std::chrono::minutes(30);
  const YAML::Node job = YAML::Load(job_yaml(spec));
  EXPECT_EQ(job["timeouts"]["job"]["minutes"].as<long>(), job_timeout_minutes(spec));
  long per_boot = 0;
  const auto actions = job["actions"];
  for (std::size_t i = 0; i < 3; ++i)  // the first boot's deploy, boot and test
    for (const char* kind : {"deploy", "boot", "test"})
      if (actions[i][kind]) per_boot += actions[i][kind]["timeout"]["minutes"].as<long>();
  EXPECT_EQ(job_timeout_minutes(spec), per_boot * 6 + 5);
  spec.boots = 30;
  EXPECT_GT(job_timeout_minutes(spec), kUsualJobMinutes);
}

TEST(LavaJob, BootsFollowTheKernelsPlannerInDeployBootTestTriples) {
  const JobSpec spec = two_kernels();
  const YAML::Node job = YAML::Load(job_yaml(spec));
  EXPECT_EQ(job["device_type"].as<std::string>(), "qemu");
  ASSERT_EQ(job["actions"].size(), 3u * 6u);
  const auto plan = stats::plan_blocks(2, 3, 7);
  const auto tests = actions_named(job, "test");
  ASSERT_EQ(tests.size(), plan.size());
  std::vector<int> booted(2, 0);
  for (std::size_t i = 0; i < plan.size(); ++i) {
    const auto& k = spec.kernels[static_cast<std::size_t>(plan[i].variant)];
    const int boot = ++booted[static_cast<std::size_t>(plan[i].variant)];
    EXPECT_TRUE(job["actions"][3 * i]["deploy"]);
    EXPECT_EQ(job["actions"][3 * i]["deploy"]["images"]["kernel"]["url"].as<std::string>(), k.url);
    EXPECT_TRUE(job["actions"][3 * i + 1]["boot"]);
    const auto def = tests[i]["definitions"][0];
    EXPECT_EQ(def["name"].as<std::string>(), definition_name(k.name, boot, plan[i].block));
    EXPECT_EQ(def["repository"]["run"]["steps"][0].as<std::string>(),
              "schedlab run spawn --duration 1 --runs 1 --lava --label " + k.name);
  }
  EXPECT_EQ(job["metadata"]["schedlab.seed"].as<std::string>(), "7");
}

// LAVA counts a name's characters: a default name of Cyrillic kernel names
// (two bytes each) is cut at 200 characters, not 200 bytes, and never
// inside a character.
TEST(LavaJob, TheDefaultNameIsCutAtLavasLimitInCharacters) {
  JobSpec spec = two_kernels();
  spec.command = {"run", "command", "--", std::string(150, 'x')};
  spec.kernels[0].name = "ядро-старое";
  spec.kernels[1].name = "ядро-новое-" + std::string(40, 'y');
  const std::string name = YAML::Load(job_yaml(spec))["job_name"].as<std::string>();
  EXPECT_EQ(utf8_length(name), kMaxJobNameChars) << name;
  EXPECT_GT(name.size(), kMaxJobNameChars);  // more bytes than characters: cut by characters
  EXPECT_TRUE(valid_utf8(name));
  EXPECT_EQ(name.substr(name.size() - 3), "...");
}

TEST(LavaJob, DefinitionNamesRoundTripWithLavasIndexPrefix) {
  EXPECT_EQ(definition_name("v6.12", 2, 1), "schedlab-boot2-block1-v6.12");
  const auto parsed = parse_definition_name("3_schedlab-boot2-block1-v6.12");
  ASSERT_TRUE(parsed);
  EXPECT_EQ(parsed->kernel, "v6.12");
  EXPECT_EQ(parsed->boot, 2);
  EXPECT_EQ(parsed->block, 1);
  EXPECT_FALSE(parse_definition_name("1_smoke-tests"));
  EXPECT_FALSE(parse_definition_name("schedlab-boot-block1-a"));
}

TEST(LavaJob, OurOptionsGoBeforeACommandWorkloadsOwnDoubleDash) {
  JobSpec spec = two_kernels();
  spec.command = {"run", "command", "--runs", "2", "--", "sh", "-c", "echo '$x'; exit 0"};
  spec.seed_per_block = true;
  const auto words = boot_command(spec, spec.kernels[1], 2);
  const std::vector<std::string> expected = {"schedlab", "run", "command", "--runs", "2", "--lava", "--label", "bad",
                                             "--seed", "9", "--", "sh", "-c", "echo '$x'; exit 0"};
  EXPECT_EQ(words, expected);
}

TEST(LavaJob, UserTextStaysOneQuotedStringWhateverItHolds) {
  JobSpec spec = two_kernels();
  const std::string nasty = "x\"\n  - evil: yes\n# '; reboot; '";
  spec.kernels[0].url = "http://lab/k?a=yes&b=: x";
  spec.command = {"run", "command", "--", "echo", nasty};
  spec.job_name = "on: [a, b]\n";
  const YAML::Node job = YAML::Load(job_yaml(spec));
  EXPECT_EQ(job["job_name"].as<std::string>(), spec.job_name);
  const auto tests = actions_named(job, "test");
  const std::string step = tests[0]["definitions"][0]["repository"]["run"]["steps"][0].as<std::string>();
  EXPECT_NE(step.find(shell_command_line({nasty})), std::string::npos);
  int nasty_urls = 0;
  for (const auto& deploy : actions_named(job, "deploy"))
    nasty_urls += deploy["images"]["kernel"]["url"].as<std::string>() == spec.kernels[0].url;
  EXPECT_EQ(nasty_urls, spec.boots);
}

TEST(LavaJob, PriorityIsANumberOrAWord) {
  JobSpec spec = two_kernels();
  spec.priority = "42";
  EXPECT_EQ(YAML::Load(job_yaml(spec))["priority"].as<int>(), 42);
  spec.priority = "low";
  EXPECT_EQ(YAML::Load(job_yaml(spec))["priority"].as<std::string>(), "low");
}

TEST(LavaTemplate, BuiltInsParseAndUnknownDeviceTypesNameTheWayOut) {
  EXPECT_EQ(builtin_device_types(), (std::vector<std::string>{"qemu (arm64)", "qemu (x86_64)", "x86 (x86_64)"}));
  for (const auto& [type, arch] : {std::pair{"qemu", guest::GuestArch::kX86_64}, {"qemu", guest::GuestArch::kArm64},
                                   {"x86", guest::GuestArch::kX86_64}}) {
    const auto t = builtin_template(type, arch);
    EXPECT_EQ(t.device_type, type);
    EXPECT_EQ(t.arch, arch) << type;
    EXPECT_TRUE(t.needs_ramdisk) << type;
  }
  try {
    builtin_template("bcm2711-rpi-4-b");
    FAIL();
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("--template FILE"), std::string::npos) << e.what();
  }
}

TEST(LavaTemplate, ALabsFileIsCheckedKeyByKeyAndPlaceholderByPlaceholder) {
  testing::TempDir dir;
  const std::string good = dir.write("good.yaml", "device_type: bbb\ndeploy:\n  to: tftp\n  kernel: {url: $kernel_url, type: zimage}\n"
                                                  "  dtb: {url: 'http://lab/am335x-boneblack.dtb'}\nboot: {method: u-boot, commands: ramdisk}\n");
  const auto t = template_file(good);
  EXPECT_EQ(t.device_type, "bbb");
  EXPECT_FALSE(t.needs_ramdisk);
  const YAML::Node deploy = instantiate(t.deploy, {"http://lab/zImage", "", "a"});
  EXPECT_EQ(deploy["kernel"]["url"].as<std::string>(), "http://lab/zImage");
  EXPECT_EQ(deploy["kernel"]["type"].as<std::string>(), "zimage");
  for (const char* bad : {"deploy: {kernel: {url: $kernel_url}}\n",                       // no boot
                          "deploy: {url: $kernel_url}\nboot: {}\ntest: {}\n",              // unknown key
                          "deploy: {url: $kernel_url, dtb: $dtb_url}\nboot: {}\n",         // unknown placeholder
                          "deploy: {url: 'http://lab/k'}\nboot: {}\n",                     // no $kernel_url
                          "deploy: [\n",                                                  // not YAML
                          "context: {extra_kernel_arg: x}\ndeploy: {to: tmpfs, url: $kernel_url}\nboot: {method: qemu}\n",
                          "deploy: {url: $kernel_url}\nboot: {method: qemu}\n",               // no to:
                          "deploy: {to: sdcard, url: $kernel_url}\nboot: {method: qemu}\n",   // not LAVA's
                          "deploy: {to: tmpfs, url: $kernel_url}\nboot: {commands: x}\n",     // no method:
                          "deploy: {to: tmpfs, url: $kernel_url}\nboot: {method: uboot}\n"}) {  // u-boot
    const std::string path = dir.write("bad.yaml", bad);
    EXPECT_THROW(template_file(path), UsageError) << bad;
  }
  // The message names the variable and the template; LAVA's '-' is its '_'.
  try {
    template_text("context: {extra_kernel_arg: x}\ndeploy: {to: tmpfs, url: $kernel_url}\nboot: {method: qemu}\n", "lab.yaml");
    FAIL() << "an unknown context variable was accepted";
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("--template 'lab.yaml': context: 'extra_kernel_arg' is not a LAVA context variable"),
              std::string::npos) << e.what();
  }
  EXPECT_NO_THROW(template_text("deploy: {to: u-boot-ums, url: $kernel_url}\nboot: {method: grub-efi}\n", "lab.yaml"));
}

}  // namespace
}  // namespace schedlab::grid
