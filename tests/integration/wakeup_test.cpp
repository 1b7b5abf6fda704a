// The wakeup workload through the real binary, in every mode: percentiles
// ordered, counts consistent, RPS positive, nothing left behind.
#include <gtest/gtest.h>
#include <signal.h>

#include <algorithm>
#include <thread>

#include "integration/harness.h"

namespace schedlab::testing {
namespace {

nlohmann::json run_wakeup(const std::vector<std::string>& options, TempDir& dir) {
  std::vector<std::string> args = {"run", "wakeup", "--duration", "1500ms", "--runs", "1", "--json",
                                   dir.file("r.json"), "--force",  // one file per test, rewritten per mode
                                   "--all"};  // schbench's report per run
  args.insert(args.end(), options.begin(), options.end());
  const Outcome o = run_schedlab(args);
  EXPECT_EQ(o.status, 0) << o.err;
  EXPECT_NE(o.out.find("Wakeup Latencies percentiles (usec)"), std::string::npos);
  EXPECT_NE(o.out.find("average rps: "), std::string::npos);
  EXPECT_TRUE(leftover_children().empty());
  EXPECT_TRUE(running_workers().empty());
  return read_json(dir.file("r.json"))["sets"][0]["runs"][0];
}

void expect_ordered(const nlohmann::json& v, const std::string& kind) {
  const double p20 = v[kind + "_p20_us"], p50 = v[kind + "_p50_us"], p90 = v[kind + "_p90_us"],
               p99 = v[kind + "_p99_us"], p999 = v[kind + "_p99_9_us"], lo = v[kind + "_min_us"],
               hi = v[kind + "_max_us"];
  EXPECT_LE(lo, p20);
  EXPECT_LE(p20, p50);
  EXPECT_LE(p50, p90);
  EXPECT_LE(p90, p99);
  EXPECT_LE(p99, p999);
  EXPECT_LE(p999, hi);
  EXPECT_GT(v[kind + "_samples"].get<double>(), 0);
}

}  // namespace

TEST(Wakeup, NormalModeIsConsistent) {
  TempDir dir;
  const auto run = run_wakeup({"-m", "2", "-t", "2", "-n", "1", "-F", "64"}, dir);
  const auto& v = run["values"];
  EXPECT_GT(v["rps"].get<double>(), 0);
  expect_ordered(v, "wakeup");
  expect_ordered(v, "request");
  EXPECT_LE(v["rps_p20"].get<double>(), v["rps_p50"].get<double>());
  EXPECT_LE(v["rps_p50"].get<double>(), v["rps_p90"].get<double>());
  // Every request in the window was preceded by one wakeup: the counts agree
  // to within the requests in flight at the window's ends (4 workers).
  EXPECT_NEAR(v["wakeup_samples"].get<double>(), v["request_samples"].get<double>(), 8);
  EXPECT_NEAR(v["rps"].get<double>() * run["window_s"].get<double>(), v["request_samples"].get<double>(),
              v["request_samples"].get<double>() * 0.05 + 8);
  EXPECT_GE(run["details"]["rps_per_second"].size(), 1u);
  // The wait per scheduling of all threads is the mean of the message
  // threads' and the workers' waits, weighted by their schedulings: it lies
  // between the two.
  const double msg = v["runqueue_msg_us"].get<double>(),
               worker = v["runqueue_worker_us"].get<double>();
  EXPECT_GE(v["runqueue_delay_us"].get<double>(), std::min(msg, worker) * (1 - 1e-12));
  EXPECT_LE(v["runqueue_delay_us"].get<double>(), std::max(msg, worker) * (1 + 1e-12));
}

TEST(Wakeup, NoSleepNoLockingNoWork) {
  TempDir dir;
  for (const auto& options : std::vector<std::vector<std::string>>{
           {"-s", "0", "-m", "1", "-t", "2"}, {"-L", "-n", "0", "-m", "1", "-t", "2"},
           {"-L", "-n", "0", "-s", "0", "-m", "1", "-M", "auto"}}) {
    const auto run = run_wakeup(options, dir);
    EXPECT_GT(run["values"]["rps"].get<double>(), 0);
    expect_ordered(run["values"], "wakeup");
  }
}

TEST(Wakeup, RpsAndPipeModes) {
  TempDir dir;
  const auto rps = run_wakeup({"-R", "100", "-m", "1", "-t", "2", "-n", "1", "-F", "64"}, dir);
  EXPECT_GT(rps["values"]["rps"].get<double>(), 0);
  EXPECT_LT(rps["values"]["rps"].get<double>(), 300) << "a fixed rate of 100/s";
  // A negative wakeup delta (a stamp overwritten by a later post) used to
  // wrap to about 1.8e13 us; deltas below zero are discarded.
  EXPECT_LT(rps["values"]["wakeup_max_us"].get<double>(), 60e6);
  const auto pipe = run_wakeup({"-p", "4096", "-m", "1", "-t", "2"}, dir);
  EXPECT_GT(pipe["values"]["rps"].get<double>(), 0);
  expect_ordered(pipe["values"], "wakeup");
  EXPECT_FALSE(pipe["values"].contains("request_p50_us")) << "pipe mode has no requests";
}

TEST(Wakeup, ManyThreadsAndCtrlC) {
  TempDir dir;
  Schedlab s({"run", "wakeup", "-L", "-m", "4", "-t", "256", "-n", "0", "--duration", "60s",
              "--runs", "2", "--json", dir.file("r.json")});
  std::this_thread::sleep_for(std::chrono::seconds(2));
  s.signal(SIGINT);
  const Outcome o = s.wait();
  EXPECT_EQ(o.status, 130) << o.err;
  EXPECT_TRUE(running_workers().empty());
  EXPECT_TRUE(leftover_children().empty());
}

TEST(Wakeup, RejectsWhatSchbenchMangles) {
  for (const auto& [args, fragment] : std::vector<std::pair<std::vector<std::string>, std::string>>{
           {{"-m", "0"}, "--message-threads '0'"},
           {{"-t", "abc"}, "--workers 'abc'"},
           {{"-m", "4", "-M", "auto", "--cpus", "0-1"}, "--message-threads '4'"},
           {{"-R", "1", "-m", "2"}, "--rps '1'"}}) {
    std::vector<std::string> full = {"run", "wakeup", "--runs", "1", "--duration", "1"};
    full.insert(full.end(), args.begin(), args.end());
    const Outcome o = run_schedlab(full);
    EXPECT_EQ(o.status, 2) << o.err;
    EXPECT_NE(o.err.find(fragment), std::string::npos) << o.err;
  }
}

}  // namespace schedlab::testing
