// Unit tests for src/workloads/wakeup_report.cpp and the wakeup options.
#include <gtest/gtest.h>

#include "core/error.h"
#include "workloads/builtin.h"
#include "workloads/wakeup_report.h"

namespace schedlab {
namespace {

const char* kReport =
    "window_ns 2000000000\nrequests 1000\ntotal_requests 1100\ndropped 0\n"
    "rps_samples 480.0 520.0\nrunqueue 4000 2 30000 10\n"
    "wakeup 4 1500 9000\nwakeup_buckets 10:0 " /* bucket lines are sparse b:count */;

std::string report(const std::string& wakeup_buckets, const std::string& request_buckets) {
  return std::string("window_ns 2000000000\nrequests 1000\ntotal_requests 1100\ndropped 3\n"
                     "rps_samples 480.0 520.0\nrunqueue 4000 2 30000 10\n") +
         wakeup_buckets + request_buckets;
}

std::string hist(const char* name, std::initializer_list<uint64_t> values) {
  auto h = std::make_unique<sl_hist>();
  sl_hist_init(h.get());
  for (auto v : values) sl_hist_add(h.get(), v);
  std::string out = std::string(name) + " " + std::to_string(h->count) + " " +
                    std::to_string(h->min) + " " + std::to_string(h->max) + "\n" + name + "_buckets";
  for (uint32_t b = 0; b < SL_HIST_BUCKETS; ++b)
    if (h->buckets[b]) out += " " + std::to_string(b) + ":" + std::to_string(h->buckets[b]);
  return out + "\n";
}

// Every wakeup option at its default, then -m 4 -C.
Params defaults() {
  const auto workloads = builtin_workloads();
  Params p;
  for (const auto& spec : workloads.find("wakeup")->info().params)
    p.set(spec.name, spec.kind == ParamKind::kFlag ? ParamValue(false) : parse_param(spec, spec.default_text));
  p.set("message-threads", std::int64_t{4});
  p.set("calibrate", true);
  return p;
}

}  // namespace

TEST(WakeupReport, MetricsFromOneCopy) {
  (void)kReport;
  const auto d = parse_wakeup_report(report(hist("wakeup", {1000, 2000, 3000, 400000}),
                                            hist("request", {50000, 60000})));
  MetricValues v;
  add_wakeup_metrics(d, false, 2.0, v);
  EXPECT_DOUBLE_EQ(*v.get("rps"), 500.0) << "window requests / measured window";
  EXPECT_DOUBLE_EQ(*v.get("wakeup_samples"), 4);
  EXPECT_DOUBLE_EQ(*v.get("wakeup_min_us"), 1.0);
  EXPECT_DOUBLE_EQ(*v.get("wakeup_max_us"), 400.0);
  EXPECT_LE(*v.get("wakeup_p50_us"), *v.get("wakeup_p90_us"));
  EXPECT_LE(*v.get("wakeup_p99_9_us"), *v.get("wakeup_max_us"));
  EXPECT_NEAR(*v.get("wakeup_p50_us"), 2.0, 0.01);
  EXPECT_DOUBLE_EQ(*v.get("request_samples"), 2);
  EXPECT_DOUBLE_EQ(*v.get("rps_p50"), 480.0) << "nearest rank: the first sample reaching 50%";
  EXPECT_DOUBLE_EQ(*v.get("rps_p90"), 520.0);
  EXPECT_DOUBLE_EQ(*v.get("runqueue_msg_us"), 2.0);
  EXPECT_DOUBLE_EQ(*v.get("runqueue_worker_us"), 3.0);
  EXPECT_DOUBLE_EQ(*v.get("runqueue_delay_us"), 34000.0 / 12 / 1e3);
  EXPECT_DOUBLE_EQ(*v.get("dropped_requests"), 3);
}

TEST(WakeupReport, CompatUsesSchbenchsAverage) {
  const auto d = parse_wakeup_report(report(hist("wakeup", {1000}), ""));
  MetricValues v;
  add_wakeup_metrics(d, true, 2.0, v);
  EXPECT_DOUBLE_EQ(*v.get("rps"), 550.0) << "all requests / nominal runtime";
  EXPECT_FALSE(v.get("request_p50_us").has_value()) << "no request samples, no request metrics";
}

TEST(WakeupReport, MergeAddsCopies) {
  auto a = parse_wakeup_report(report(hist("wakeup", {1000, 2000}), hist("request", {5000})));
  const auto b = parse_wakeup_report(report(hist("wakeup", {3000}), hist("request", {7000})));
  merge_wakeup(a, b);
  MetricValues v;
  add_wakeup_metrics(a, false, 2.0, v);
  EXPECT_DOUBLE_EQ(*v.get("rps"), 1000.0);
  EXPECT_DOUBLE_EQ(*v.get("wakeup_samples"), 3);
  EXPECT_DOUBLE_EQ(*v.get("rps_p50"), 960.0) << "per-second samples add element-wise";
  EXPECT_DOUBLE_EQ(*v.get("wakeup_max_us"), 3.0);
}

TEST(WakeupReport, SchbenchBlocksLookLikeSchbench) {
  const auto d = parse_wakeup_report(report(hist("wakeup", {1000, 2000, 3000}), hist("request", {5000})));
  MetricValues v;
  add_wakeup_metrics(d, false, 2.0, v);
  const std::string text = format_schbench_blocks(d, v, false);
  for (const char* line : {"Wakeup Latencies percentiles (usec) runtime 2 (s) (3 total samples)\n",
                           "\t* 99.0th: ", "\t  50.0th: ", "Request Latencies percentiles (usec)",
                           "RPS percentiles (requests) runtime 2 (s) (2 total samples)\n",
                           "\t* 50.0th: 480", "average rps: 500.00\n"})
    EXPECT_NE(text.find(line), std::string::npos) << line << "\n" << text;
}

TEST(WakeupReport, RejectsAReportWithoutAWindow) {
  EXPECT_THROW(parse_wakeup_report("requests 1\n"), std::runtime_error);
}

TEST(WakeupOptions, DefaultsAndRejections) {
  const auto workloads = builtin_workloads();
  const Workload& w = *workloads.find("wakeup");
  ScenarioPlan plan;
  plan.cpu_set = {0, 1, 2, 3, 4, 5, 6, 7, 8};
  Params p = defaults();
  w.complete_params(p, plan);
  EXPECT_EQ(p.text("workers"), "3") << "ceil(9 CPUs / 4 message threads)";
  EXPECT_TRUE(p.flag("no-locking")) << "-C implies -L";
  EXPECT_EQ(w.processes_per_copy(p), 4 * 4 + 1);
  Params junk = defaults();
  junk.set("workers", std::string("12abc"));
  EXPECT_THROW(w.complete_params(junk, plan), UsageError);
  for (const auto& spec : w.info().params) {
    if (spec.name == "message-threads") {
      EXPECT_THROW(parse_param(spec, "0"), UsageError) << "-m 0 (schbench: SIGFPE)";
      EXPECT_THROW(parse_param(spec, "x"), UsageError) << "junk (schbench: atoi -> 0)";
      EXPECT_EQ(spec.short_name, 'm');
    }
  }
}

TEST(WakeupOptions, AutoPinningNeedsCpusForTheWorkers) {
  const auto workloads = builtin_workloads();
  const Workload& w = *workloads.find("wakeup");
  ScenarioPlan plan;
  plan.cpu_set = {0, 1};
  Params p = defaults();
  p.set("message-cpus", std::string("auto"));
  p.set("worker-cpus", std::string(""));
  p.set("rps", std::int64_t{0});
  p.set("pipe", std::int64_t{0});
  p.set("schbench-compat", false);
  EXPECT_THROW(w.validate(p, RunOptions{}, plan), UsageError) << "-m 4 -M auto on 2 CPUs";
  p.set("message-threads", std::int64_t{1});
  EXPECT_NO_THROW(w.validate(p, RunOptions{}, plan));
  p.set("workers", std::string("2"));
  const auto args = w.worker_args(p, CopyPlacement{0, {0, 1}}, RunResources{1, "/tmp/x", ""}).args;
  EXPECT_NE(std::find(args.begin(), args.end(), "M=0"), args.end());
  EXPECT_NE(std::find(args.begin(), args.end(), "W=1"), args.end()) << "workers on the remaining CPUs";
  p.set("schbench-compat", true);
  const auto compat = w.worker_args(p, CopyPlacement{0, {0, 1}}, RunResources{1, "/tmp/x", ""}).args;
  EXPECT_NE(std::find(compat.begin(), compat.end(), "W=0,1"), compat.end()) << "schbench's bug: all CPUs";
  p.set("rps", std::int64_t{1});
  p.set("message-threads", std::int64_t{2});
  p.set("message-cpus", std::string(""));
  EXPECT_THROW(w.validate(p, RunOptions{}, plan), UsageError) << "-R below -m";
}

}  // namespace schedlab
