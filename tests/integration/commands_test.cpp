// list, env and help through the real binary.
#include <gtest/gtest.h>

#include "integration/harness.h"

namespace schedlab::testing {

TEST(Commands, ListShowsEveryWorkloadWithOptionsAndMetrics) {
  const Outcome o = run_schedlab({"list"});
  EXPECT_EQ(o.status, 0);
  for (const char* text : {"spawn", "execl", "exec", "context", "--method", "--placement",
                           "--iterations", "lps (primary)", "exec_us (primary)", "supported here"})
    EXPECT_NE(o.out.find(text), std::string::npos) << text;
}

TEST(Commands, EnvJsonHasTheFingerprint) {
  const Outcome o = run_schedlab({"env", "--json"});
  ASSERT_EQ(o.status, 0) << o.err;
  const auto env = nlohmann::json::parse(o.out);
  for (const char* key : {"release", "version", "cmdline", "config", "sched_autogroup_enabled", "psi"})
    EXPECT_TRUE(env["kernel"].contains(key)) << key;
  for (const char* key : {"CONFIG_SCHED_AUTOGROUP", "CONFIG_PSI"})
    EXPECT_TRUE(env["kernel"]["config"].contains(key)) << key;
  for (const char* key : {"model", "online", "possible", "topology", "governor", "smt"})
    EXPECT_TRUE(env["cpus"].contains(key)) << key;
  for (const char* key : {"mode", "path", "depth", "pids_max"})
    EXPECT_TRUE(env["cgroups"].contains(key)) << key;
  for (const char* key : {"virtualization", "libc", "bin_sh", "rlimit_nproc"})
    EXPECT_TRUE(env["system"].contains(key)) << key;
  EXPECT_TRUE(env["tool"].contains("git"));
}

TEST(Commands, EnvTextIsKeyValueLines) {
  const Outcome o = run_schedlab({"env"});
  EXPECT_EQ(o.status, 0);
  EXPECT_NE(o.out.find("kernel.release: "), std::string::npos);
  EXPECT_NE(o.out.find("cpus.topology.cores: "), std::string::npos);
}

TEST(Commands, WorkloadHelpListsItsOptions) {
  const Outcome o = run_schedlab({"run", "exec", "--help"});
  EXPECT_EQ(o.status, 0);
  for (const char* text : {"--program", "--via-shell", "--copies", "--cpus", "--duration", "--json"})
    EXPECT_NE(o.out.find(text), std::string::npos) << text;
}

}  // namespace schedlab::testing
