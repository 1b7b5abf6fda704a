// list, env and help through the real binary.
#include <gtest/gtest.h>

#include "integration/harness.h"
#include "workloads/builtin.h"

namespace schedlab::testing {

namespace {

// `text` with every run of white space (line wraps, indents) made one space.
std::string flattened(const std::string& text) {
  std::string out;
  for (char c : text) {
    const bool space = c == ' ' || c == '\n';
    if (!space || (!out.empty() && out.back() != ' ')) out += space ? ' ' : c;
  }
  return out;
}

}  // namespace

// Each registered workload has its block: the name, whether it is supported
// here, every option and the primary metric.
TEST(Commands, ListShowsEveryWorkloadWithOptionsAndMetrics) {
  const Outcome o = run_schedlab({"list"});
  EXPECT_EQ(o.status, 0);
  const std::string text = "\n" + o.out;
  const auto workloads = builtin_workloads();  // the registry outlives the loop over its items
  for (const auto& w : workloads.items()) {
    const auto& info = w->info();
    const auto start = text.find("\n" + info.name + " ");
    ASSERT_NE(start, std::string::npos) << info.name;
    const std::string block = flattened(text.substr(start, text.find("\n\n", start) - start));
    EXPECT_NE(block.find("supported here: "), std::string::npos) << info.name;
    EXPECT_NE(block.find(info.primary_metric + " (primary)"), std::string::npos) << info.name;
    for (const auto& p : info.params)
      EXPECT_NE(block.find("--" + p.name + " "), std::string::npos)
          << info.name << ": --" << p.name;
  }
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
