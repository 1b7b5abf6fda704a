// A baseline file is code.  For every workload option its descriptor
// declares code or an output (ParamRole), walked from the registry, `check`
// refuses a hostile baseline without --trust-baseline, says what it would
// run or write, and runs and writes nothing.  An option added later is
// walked here without anyone adding it.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "integration/harness.h"
#include "store/result_file.h"
#include "support/skip.h"
#include "workloads/builtin.h"

namespace schedlab::testing {
namespace {

namespace fs = std::filesystem;

// A program that leaves a mark when it runs.
std::string marker_program(const TempDir& dir) {
  std::string path = dir.write("evil.sh", "#!/bin/sh\ntouch " + dir.file("ran") + "\n");
  chmod(path.c_str(), 0755);
  return path;
}

// The hostile value of an option, by its kind.
ParamValue hostile_value(const ParamSpec& p, const TempDir& dir) {
  if (param_role(p) == ParamRole::kOutput) return dir.write("precious", "precious\n");
  switch (p.kind) {
    case ParamKind::kProgram: return marker_program(dir);
    case ParamKind::kCommand: return std::vector<std::string>{marker_program(dir)};
    case ParamKind::kList: return std::vector<std::string>{"LD_PRELOAD=" + dir.file("evil.so")};
    case ParamKind::kFlag: return true;
    default: return dir.path();  // arguments, a directory: anything but the default
  }
}

// A PASS set of `w` with two runs and `param` = `value`; nothing else asked.
std::string hostile_baseline(const Workload& w, const ParamSpec& param, const ParamValue& value, const TempDir& dir,
                             const Params& extra = {}) {
  const WorkloadInfo& info = w.info();
  ResultSet set;
  set.label = "good";
  set.tool = {{"name", "schedlab"}, {"version", "0.1.0"}, {"git", "x"}};
  set.workload.name = info.name;
  set.workload.primary_metric = info.primary_metric;
  set.workload.params.set(param.name, value);
  if (info.name == "command" && param.name != "command")  // its command is required: a harmless one
    set.workload.params.set("command", std::vector<std::string>{"/bin/true"});
  for (const auto& [name, v] : extra.values()) set.workload.params.set(name, v);
  set.metrics = info.metrics;
  for (int i = 1; i <= 2; ++i) {
    RunRecord run;
    run.index = i;
    run.started = "2026-12-01T00:00:0" + std::to_string(i) + "Z";
    run.window_s = 1;
    run.values.set(info.primary_metric, 1000 + i);
    set.runs.push_back(run);
  }
  std::string path = dir.file(info.name + "-" + param.name + ".json");
  write_result_file(path, {"2026-12-01T00:00:00Z", {set}});
  return path;
}

}  // namespace

TEST(BaselineTrust, EveryCodeOrOutputOptionOfEveryWorkloadNeedsTrust) {
  const auto workloads = builtin_workloads();
  int walked = 0;
  for (const auto& w : workloads.items()) {
    for (const auto& p : w->info().params) {
      const ParamRole role = param_role(p);
      if (role != ParamRole::kCode && role != ParamRole::kOutput) continue;
      TempDir dir;
      const ParamValue value = hostile_value(p, dir);
      const std::string baseline = hostile_baseline(*w, p, value, dir);
      const Outcome o = run_schedlab({"check", "--baseline", baseline, "--no-store", "--max-runs", "3"});
      const std::string what = w->info().name + " --" + p.name;
      EXPECT_EQ(o.status, 255) << what << ": " << o.out << o.err;
      EXPECT_NE(o.err.find("--trust-baseline"), std::string::npos) << what << ": " << o.err;
      EXPECT_TRUE(o.err.find("--" + p.name) != std::string::npos || o.err.find("command") != std::string::npos)
          << what << ": the refusal says what it would run or write: " << o.err;
      EXPECT_FALSE(fs::exists(dir.file("ran"))) << what << " ran the baseline's program";
      if (role == ParamRole::kOutput) {
        EXPECT_EQ(dir.read("precious"), "precious\n") << what;
      }
      ++walked;
    }
  }
  EXPECT_GE(walked, 7) << "exec's program, args and via-shell, shell's shell, command's command, cwd and env, "
                          "wakeup's -j";
}

// The control: trusted, the same kind of baseline does run its program, so
// the refusal above is what stopped it.
TEST(BaselineTrust, TrustedTheProgramRuns) {
  const auto workloads = builtin_workloads();
  const Workload* exec = workloads.find("exec");
  ASSERT_NE(exec, nullptr);
  const auto& params = exec->info().params;
  const auto program = std::find_if(params.begin(), params.end(), [](const ParamSpec& p) { return p.name == "program"; });
  ASSERT_NE(program, params.end());
  TempDir dir;
  Params few;
  few.set("iterations", std::int64_t{3});
  const std::string baseline = hostile_baseline(*exec, *program, marker_program(dir), dir, few);
  const Outcome o = run_schedlab({"check", "--baseline", baseline, "--no-store", "--max-runs", "3", "--trust-baseline"});
  EXPECT_NE(o.status, 255) << o.err;
  EXPECT_TRUE(fs::exists(dir.file("ran"))) << o.out << o.err;
}

// Without root, a baseline cannot take a shared machine from its other
// users (issue 30: fifo:99 and 1024x copies from a file were accepted):
// beyond the user's own limits it is refused even trusted, and a
// real-time policy or more than 4 copies per CPU needs --trust-baseline.
TEST(BaselineTrust, ANonRootCheckRefusesABaselineThatTakesTheMachine) {
  if (!can_switch_user() || access("/usr/bin/prlimit", X_OK) != 0)
    SCHEDLAB_SKIP(kNobody) << "needs root, setpriv, prlimit and a build tree user nobody can read";
  TempDir dir;
  ASSERT_EQ(run_schedlab({"run", "spawn", "--duration", "100ms", "--runs", "2", "--json", dir.file("good.json"),
                          "--no-store"}).status, 0);
  const auto good = read_json(dir.file("good.json"));
  const auto claim = [&](const std::string& key, const std::string& value, const std::string& rtprio,
                         const std::vector<std::string>& more) {
    auto crafted = good;
    crafted["sets"][0]["scenario"]["requested"][key] = value;
    const std::string path = dir.file(key + ".json");
    std::ofstream(path) << crafted.dump();
    std::vector<std::string> args = {"check", "--baseline", path, "--no-store", "--max-runs", "3"};
    args.insert(args.end(), more.begin(), more.end());
    return run_schedlab(args, as_nobody(dir, {"prlimit", "--rtprio=" + rtprio}));
  };
  const Outcome beyond = claim("policy", "fifo:99", "0", {"--trust-baseline"});
  EXPECT_EQ(beyond.status, 255) << beyond.err;
  EXPECT_NE(beyond.err.find("a real-time priority above your RLIMIT_RTPRIO (0)"), std::string::npos) << beyond.err;
  // (A real-time policy within RLIMIT_RTPRIO needs --trust-baseline too:
  // BaselineMeans in the unit tests; raising the limit here may need a
  // capability the test machine lacks.)
  const Outcome copies = claim("copies", "1024x", "0", {});
  EXPECT_EQ(copies.status, 255) << copies.err;
  EXPECT_NE(copies.err.find("--copies 1024x"), std::string::npos) << copies.err;
  EXPECT_NE(copies.err.find("add --trust-baseline"), std::string::npos) << copies.err;
  for (const Outcome* o : {&beyond, &copies}) EXPECT_EQ(o->out, "") << "nothing was measured";
}

}  // namespace schedlab::testing
