// Unit tests for src/workloads/wakeup_report.cpp and the wakeup options.
#include <gtest/gtest.h>

#include <sys/mman.h>

#include "core/error.h"
#include "workloads/builtin.h"
#include "workloads/schbench_json.h"
#include "workloads/wakeup_report.h"

namespace schedlab {
namespace {

// A wakeup channel as two copies would leave it: written through the
// protocol's own layout helpers on a second mapping, as the worker does.
class FakeCopies {
 public:
  explicit FakeCopies(int copies, std::uint32_t counters = 4)
      : channel_(SL_MODE_WAKEUP, copies, {}, counters) {
    size_ = sizeof(sl_shared_header) + sl_copy_bytes(&sl_mode_table[SL_MODE_WAKEUP], counters) * copies;
    base_ = mmap(nullptr, size_, PROT_READ | PROT_WRITE, MAP_SHARED, channel_.fd(), 0);
  }
  ~FakeCopies() { munmap(base_, size_); }
  sl_copy_slot* slot(int i) {
    return sl_slot_at(base_, static_cast<sl_shared_header*>(base_), static_cast<std::uint32_t>(i));
  }
  void hist(int i, std::uint32_t k, std::initializer_list<std::uint64_t> values) {
    sl_hist* h = sl_slot_hist(slot(i), &sl_mode_table[SL_MODE_WAKEUP], k);
    sl_hist_init_zeroed(h);
    for (auto v : values) sl_hist_add(h, v);
  }
  void scalar(int i, std::uint32_t k, std::uint64_t v) {
    sl_slot_scalars(slot(i), &sl_mode_table[SL_MODE_WAKEUP])[k] = v;
  }
  void counter(int i, std::uint32_t k, std::uint64_t v) {
    sl_slot_counters(slot(i), &sl_mode_table[SL_MODE_WAKEUP])[k].loops = v;
  }
  const channel::RunChannel& channel() const { return channel_; }

 private:
  channel::RunChannel channel_;
  std::size_t size_ = 0;
  void* base_ = nullptr;
};

WakeupData merged(const FakeCopies& f, double window_s, std::uint64_t requests,
                  std::vector<double> rps) {
  WakeupData d;
  for (int i = 0; i < f.channel().ncopies(); ++i) add_copy(d, f.channel(), i);
  d.window_s = window_s;
  d.requests = requests;
  d.rps_samples = std::move(rps);
  return d;
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
  FakeCopies f(1);
  f.hist(0, SL_WK_HIST_WAKEUP, {1000, 2000, 3000, 400000});
  f.hist(0, SL_WK_HIST_REQUEST, {50000, 60000});
  f.scalar(0, SL_WK_DROPPED, 3);
  f.scalar(0, SL_WK_MSG_DELAY_NS, 4000);
  f.scalar(0, SL_WK_MSG_SCHEDULES, 2);
  f.scalar(0, SL_WK_WORKER_DELAY_NS, 30000);
  f.scalar(0, SL_WK_WORKER_SCHEDULES, 10);
  f.counter(0, 0, 600);
  f.counter(0, 3, 500);
  const WakeupData d = merged(f, 2.0, 1000, {480.0, 520.0});
  EXPECT_EQ(d.total_requests, 1100u) << "every thread's counter";
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
  FakeCopies f(1);
  f.hist(0, SL_WK_HIST_WAKEUP, {1000});
  f.counter(0, 1, 1100);
  const WakeupData d = merged(f, 2.0, 1000, {});
  MetricValues v;
  add_wakeup_metrics(d, true, 2.0, v);
  EXPECT_DOUBLE_EQ(*v.get("rps"), 550.0) << "all requests / nominal runtime";
  EXPECT_FALSE(v.get("request_p50_us").has_value()) << "no request samples, no request metrics";
}

// A window under a second has no per-second sample: rps_p* used to be
// recorded as 0 and compared as measured zeros.
TEST(WakeupReport, NoPerSecondSampleMeansNoRpsPercentiles) {
  FakeCopies f(1);
  f.hist(0, SL_WK_HIST_WAKEUP, {1000, 2000});
  const WakeupData d = merged(f, 0.5, 400, {});
  MetricValues v;
  add_wakeup_metrics(d, false, 0.5, v);
  EXPECT_DOUBLE_EQ(*v.get("rps"), 800.0);
  for (const char* name : {"rps_p20", "rps_p50", "rps_p90"}) EXPECT_FALSE(v.get(name).has_value()) << name;
  const std::string text = format_schbench_blocks(d, v, false);
  EXPECT_NE(text.find("(0 total samples)\n\t  (none: the window was shorter than a second)"), std::string::npos)
      << text;
  const ordered_json j = schbench_json(d, v, "", false, 0.5);
  EXPECT_TRUE(j["int"]["rps_pct50.0"].is_null()) << j.dump();
}

TEST(WakeupReport, MergeAddsCopies) {
  FakeCopies f(2);
  f.hist(0, SL_WK_HIST_WAKEUP, {1000, 2000});
  f.hist(0, SL_WK_HIST_REQUEST, {5000});
  f.hist(1, SL_WK_HIST_WAKEUP, {3000});
  f.hist(1, SL_WK_HIST_REQUEST, {7000});
  const WakeupData d = merged(f, 2.0, 2000, {960.0});
  MetricValues v;
  add_wakeup_metrics(d, false, 2.0, v);
  EXPECT_DOUBLE_EQ(*v.get("rps"), 1000.0);
  EXPECT_DOUBLE_EQ(*v.get("wakeup_samples"), 3);
  EXPECT_DOUBLE_EQ(*v.get("rps_p50"), 960.0);
  EXPECT_DOUBLE_EQ(*v.get("wakeup_max_us"), 3.0);
}

TEST(WakeupReport, SchbenchBlocksLookLikeSchbench) {
  FakeCopies f(1);
  f.hist(0, SL_WK_HIST_WAKEUP, {1000, 2000, 3000});
  f.hist(0, SL_WK_HIST_REQUEST, {5000});
  const WakeupData d = merged(f, 2.0, 1000, {480.0, 520.0});
  MetricValues v;
  add_wakeup_metrics(d, false, 2.0, v);
  const std::string text = format_schbench_blocks(d, v, false);
  for (const char* line : {"Wakeup Latencies percentiles (usec) runtime 2 (s) (3 total samples)\n",
                           "\t* 99.0th: ", "\t  50.0th: ", "Request Latencies percentiles (usec)",
                           "RPS percentiles (requests) runtime 2 (s) (2 total samples)\n",
                           "\t* 50.0th: 480", "average rps: 500.00\n"})
    EXPECT_NE(text.find(line), std::string::npos) << line << "\n" << text;
}

TEST(WakeupReport, HistogramIsKeptRawInTheResult) {
  auto h = std::make_unique<sl_hist>();
  sl_hist_init(h.get());
  for (std::uint64_t v : {100, 100, 5000, 5001}) sl_hist_add(h.get(), v);
  const ordered_json j = histogram_json(*h);
  EXPECT_EQ(j["count"], 4u);
  EXPECT_EQ(j["min"], 100u);
  EXPECT_EQ(j["max"], 5001u);
  ASSERT_EQ(j["bins"].size(), 2u) << "only the non-empty bins";
  EXPECT_EQ(j["bins"][0], ordered_json({100, 101, 2}));
  EXPECT_LE(j["bins"][1][0].get<std::uint64_t>(), 5000u);
  EXPECT_GT(j["bins"][1][1].get<std::uint64_t>(), 5001u);
  EXPECT_EQ(j["bins"][1][2], 2u);
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
  EXPECT_THROW(w.validate(p, plan), UsageError) << "-m 4 -M auto on 2 CPUs";
  p.set("message-threads", std::int64_t{1});
  EXPECT_NO_THROW(w.validate(p, plan));
  p.set("workers", std::string("2"));
  const auto pinned = w.worker_args(p, CopyPlacement{0, {0, 1}}, RunResources{1, "/tmp/x", ""});
  EXPECT_TRUE(pinned.args.empty()) << "the configuration is typed, in the channel";
  const auto& c = std::get<sl_wakeup_config>(pinned.config);
  EXPECT_EQ(c.size, sizeof c);
  EXPECT_EQ(c.message_threads, 1u);
  EXPECT_EQ(c.workers, 2u);
  EXPECT_EQ(c.message_cpus[0], 0b01u);
  EXPECT_EQ(c.worker_cpus[0], 0b10u) << "workers on the remaining CPUs";
  p.set("schbench-compat", true);
  const auto compat = w.worker_args(p, CopyPlacement{0, {0, 1}}, RunResources{1, "/tmp/x", ""});
  EXPECT_EQ(std::get<sl_wakeup_config>(compat.config).worker_cpus[0], 0b11u) << "schbench's bug: all CPUs";
  p.set("rps", std::int64_t{1});
  p.set("message-threads", std::int64_t{2});
  p.set("message-cpus", std::string(""));
  EXPECT_THROW(w.validate(p, plan), UsageError) << "-R below -m";
}

}  // namespace schedlab
