// Every workload through the real binary: the result file holds every field
// the design promises, values are positive and plausible, nothing is left.
#include <gtest/gtest.h>

#include <cmath>

#include "core/utf8.h"
#include "integration/harness.h"
#include "sys/proc_files.h"

namespace schedlab::testing {
namespace {

struct Case {
  std::vector<std::string> args;
  std::string primary;
};

nlohmann::json run_and_read(const std::vector<std::string>& args, TempDir& dir) {
  std::vector<std::string> full = {"run"};
  full.insert(full.end(), args.begin(), args.end());
  full.insert(full.end(), {"--runs", "2", "--json", dir.file("r.json")});
  const Outcome o = run_schedlab(full);
  EXPECT_EQ(o.status, 0) << o.err;
  EXPECT_TRUE(leftover_children().empty());
  EXPECT_TRUE(running_workers().empty());
  return read_json(dir.file("r.json"));
}

void expect_common_fields(const nlohmann::json& set, const std::string& primary) {
  EXPECT_EQ(set["status"], "PASS");
  EXPECT_EQ(set["workload"]["primary_metric"], primary);
  for (const char* key : {"label", "tool", "workload", "scenario", "environment", "metrics", "runs",
                          "summary"})
    EXPECT_TRUE(set.contains(key)) << key;
  EXPECT_EQ(set["tool"]["name"], "schedlab");
  for (const char* key : {"kernel", "cpus", "cgroups", "system", "tool"})
    EXPECT_TRUE(set["environment"].contains(key)) << key;
  ASSERT_EQ(set["runs"].size(), 2u);
  for (const auto& run : set["runs"]) {
    const auto& v = run["values"];
    EXPECT_GT(v[primary].get<double>(), 0);
    EXPECT_GT(run["window_s"].get<double>(), 0);
    EXPECT_GT(v["loop_rss_kb"].get<double>(), 0);
    EXPECT_LT(v["loop_rss_kb"].get<double>(), 16384) << "the loop process must stay lean";
    EXPECT_GT(v["loop_vmas"].get<double>(), 0);
    EXPECT_LT(v["loop_vmas"].get<double>(), 64) << "the loop process must stay lean";
    // The copies start behind one barrier, all within the window: one copy
    // has no skew at all.
    if (run["copies"].size() == 1) {
      EXPECT_EQ(v["start_skew_us"].get<double>(), 0);
    }
    EXPECT_LT(v["start_skew_us"].get<double>(), run["window_s"].get<double>() * 1e6);
    EXPECT_GT(v["sys_s"].get<double>() + v["user_s"].get<double>(), 0);
    // A count of switches; every loop but execl's (which never blocks) waits
    // for a child or a pipe, which is a voluntary switch.
    const double voluntary = v["voluntary_ctxsw"].get<double>();
    EXPECT_EQ(voluntary, std::floor(voluntary));
    if (set["workload"]["name"] != "execl") {
      EXPECT_GT(voluntary, 0);
    }
    double split = 0;
    for (const char* s : {"user", "nice", "sys", "idle", "iowait", "irq", "softirq", "steal"})
      split += v[std::string("cpu_") + s + "_pct"].get<double>();
    EXPECT_NEAR(split, 100.0, 0.5);
    EXPECT_TRUE(v.contains("set_cpu_sys_pct"));
  }
  for (const auto& [name, spec] : set["metrics"].items()) {
    EXPECT_TRUE(spec["better"] == "higher" || spec["better"] == "lower") << name;
    EXPECT_FALSE(spec["unit"].get<std::string>().empty()) << name;
  }
  EXPECT_EQ(set["summary"][primary]["n"], 2);
}

}  // namespace

TEST(Workloads, SpawnWritesEveryField) {
  TempDir dir;
  const auto j = run_and_read({"spawn", "--copies", "1", "--duration", "300ms"}, dir);
  EXPECT_EQ(j["schema"], "schedlab.result/1");
  const auto& set = j["sets"][0];
  expect_common_fields(set, "lps");
  EXPECT_EQ(set["workload"]["params"]["method"], "fork");
  EXPECT_EQ(set["scenario"]["requested"]["copies"], "1");
  const auto& run = set["runs"][0];
  EXPECT_EQ(run["copies"].size(), 1u);
  EXPECT_DOUBLE_EQ(run["values"]["loops"].get<double>(), run["copies"][0]["loops"].get<double>());
}

TEST(Workloads, SpawnVforkWithCopiesPerCpuPinnedToASet) {
  TempDir dir;
  const auto j = run_and_read({"spawn", "--method", "vfork", "--copies", "2x", "--cpus", "0",
                               "--duration", "300ms"},
                              dir);
  const auto& set = j["sets"][0];
  expect_common_fields(set, "lps");
  const auto& copies = set["runs"][0]["copies"];
  ASSERT_EQ(copies.size(), 2u);
  for (const auto& c : copies) EXPECT_EQ(c["cpus"], "0") << "affinity read back from the copy";
}

TEST(Workloads, Execl) {
  TempDir dir;
  expect_common_fields(run_and_read({"execl", "--duration", "300ms"}, dir)["sets"][0], "lps");
}

TEST(Workloads, ExecIterationsOnOneCpu) {
  TempDir dir;
  const auto j = run_and_read({"exec", "--iterations", "300", "--cpus", "0"}, dir);
  const auto& set = j["sets"][0];
  expect_common_fields(set, "exec_us");
  for (const auto& run : set["runs"]) {
    EXPECT_EQ(run["values"]["execs"], 300);
    EXPECT_GT(run["values"]["elapsed_s"].get<double>(), 0);
  }
}

TEST(Workloads, ExecEveryMethodAndADuration) {
  for (const char* method : {"vfork", "posix_spawn"}) {
    TempDir dir;
    expect_common_fields(
        run_and_read({"exec", "--method", method, "--duration", "300ms"}, dir)["sets"][0],
        "exec_us");
  }
}

TEST(Workloads, ExecViaShell) {
  TempDir dir;
  const auto j = run_and_read({"exec", "--via-shell", "--iterations", "200"}, dir);
  expect_common_fields(j["sets"][0], "exec_us");
  EXPECT_EQ(j["sets"][0]["runs"][0]["values"]["execs"], 200);
}

TEST(Workloads, ContextEveryPlacement) {
  for (const char* placement : {"free", "same-cpu", "cross-cpu"}) {
    TempDir dir;
    const auto j = run_and_read({"context", "--placement", placement, "--duration", "300ms"}, dir);
    const auto& set = j["sets"][0];
    expect_common_fields(set, "lps");
    const auto& copy = set["runs"][0]["copies"][0];
    if (std::string(placement) == "same-cpu") {
      EXPECT_EQ(copy["cpus"], copy["partner_cpus"]);
    } else if (std::string(placement) == "cross-cpu") {
      EXPECT_NE(copy["cpus"], copy["partner_cpus"]);
    }
  }
}

TEST(Workloads, WarmupIsExcludedFromTheWindow) {
  TempDir dir;
  const auto j = run_and_read({"spawn", "--duration", "300ms", "--warmup", "200ms"}, dir);
  for (const auto& run : j["sets"][0]["runs"])
    EXPECT_LT(run["window_s"].get<double>(), 0.45) << "the window must not include the warmup";
}

// By default the answer: each set's headline with its interval; with --all
// every run's line and every metric's summary.
TEST(Workloads, TextOutputIsTheAnswerAndAllIsEverything) {
  const Outcome brief = run_schedlab({"run", "spawn", "--runs", "2", "--duration", "200ms", "--no-store"});
  EXPECT_EQ(brief.status, 0) << brief.err;
  EXPECT_NE(brief.out.find("  lps "), std::string::npos) << brief.out;
  EXPECT_NE(brief.out.find("(95% CI"), std::string::npos) << brief.out;
  EXPECT_EQ(brief.out.find("CoeffVar"), std::string::npos) << "no table by default: " << brief.out;
  EXPECT_EQ(brief.out.find("sentinel_rate"), std::string::npos) << "no internal figures: " << brief.out;
  const Outcome all = run_schedlab({"run", "spawn", "--runs", "2", "--duration", "200ms", "--no-store", "--all"});
  EXPECT_NE(all.out.find("run 1/2  lps "), std::string::npos) << all.out;
  EXPECT_NE(all.out.find("run 2/2  lps "), std::string::npos) << all.out;
  EXPECT_NE(all.out.find("CoeffVar"), std::string::npos);
  EXPECT_EQ(run_schedlab({"run", "spawn", "--runs", "1", "--duration", "100ms", "--quiet", "--no-store"}).out, "");
}

// An 8-run --vary A/B printed 162 lines (two 60-row summaries before the
// comparison) for an 11-line answer; at 81 columns.
TEST(Workloads, AVaryExperimentPrintsItsAnswerIn80Columns) {
  const Outcome o = run_schedlab({"run", "spawn", "--runs", "8", "--duration", "100ms", "--no-store", "--vary",
                                  "replicate=a,b"});
  ASSERT_EQ(o.status, 0) << o.err;
  // The answer on one screen; notes about the machine (busy, drifting) come
  // on top when it was, and are not the answer's length.
  int lines = 0;
  for (const auto& line : sys::split(o.out, "\n")) lines += line.rfind("note:", 0) != 0;
  EXPECT_LE(lines, 24) << o.out;
  EXPECT_NE(o.out.find("test: paired-t"), std::string::npos) << o.out;
  std::size_t start = 0;
  for (std::size_t end; (end = o.out.find('\n', start)) != std::string::npos; start = end + 1)
    EXPECT_LE(utf8_length(o.out.substr(start, end - start)), 80u) << o.out.substr(start, end - start);
}

}  // namespace schedlab::testing
