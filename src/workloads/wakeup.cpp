// wakeup: schbench's message/worker model (docs/workloads.md; upstream
// https://github.com/masoncl/schbench, schbench.c at 24e32b8, the copy Chris
// Mason links on LKML), with schbench's short options, measured
// with CLOCK_MONOTONIC nanoseconds and histograms of bounded error.  Each
// copy is one schbench instance: one process of m x (t + 1) threads.
#include <fmt/format.h>

#include <algorithm>
#include <filesystem>

#include "core/cpu_list.h"
#include "core/error.h"
#include "core/whole_number.h"
#include "workloads/builtin.h"
#include "workloads/schbench_json.h"
#include "workloads/wakeup_report.h"

namespace schedlab {
namespace {

MetricSpec latency(const std::string& name, const std::string& what) {
  return {name, "us", Better::kLower, what};
}

std::vector<MetricSpec> wakeup_metrics() {
  std::vector<MetricSpec> m = {{"rps", "requests/s", Better::kHigher,
                                "requests completed in the window / the window, all copies"}};
  for (const char* kind : {"wakeup", "request"}) {
    for (const char* p : {"20", "50", "90", "99", "99_9"})
      m.push_back(latency(fmt::format("{}_p{}_us", kind, p), fmt::format("{} latency p{}", kind, p)));
    m.push_back(latency(fmt::format("{}_min_us", kind), fmt::format("smallest {} latency", kind)));
    m.push_back(latency(fmt::format("{}_max_us", kind), fmt::format("largest {} latency", kind)));
    m.push_back({fmt::format("{}_samples", kind), "count", Better::kHigher,
                 fmt::format("{} latency samples in the window", kind)});
  }
  for (const char* p : {"20", "50", "90"})
    m.push_back({fmt::format("rps_p{}", p), "requests/s", Better::kHigher,
                 fmt::format("p{} of the per-second RPS samples", p)});
  m.push_back(latency("runqueue_delay_us", "mean run-queue wait per scheduling, all threads"));
  m.push_back(latency("runqueue_msg_us", "mean run-queue wait per scheduling, message threads"));
  m.push_back(latency("runqueue_worker_us", "mean run-queue wait per scheduling, workers"));
  m.push_back({"dropped_requests", "count", Better::kLower, "-R: requests not queued, backlog over 128"});
  return m;
}

int parse_positive(const std::string& option, const std::string& text) {
  if (auto v = parse_whole_number(text, 1, 100000)) return *v;
  throw UsageError(option, text, "auto or a whole number from 1 to 100000");
}

// The CPUs of a -M/-W value, or {} for none; `auto` resolved by the caller.
std::vector<int> cpus_of(const std::string& option, const std::string& text,
                         const std::vector<int>& allowed) {
  if (text.empty() || text == "auto") return {};
  auto cpus = parse_cpu_list(option, text);
  for (int cpu : cpus)
    if (!std::binary_search(allowed.begin(), allowed.end(), cpu))
      throw UsageError(option, text, fmt::format("CPUs of the run's set ({})", format_cpu_list(allowed)));
  return cpus;
}

// A CPU list as the channel's bitmap.
void set_cpus(std::uint64_t (&mask)[SL_CPU_WORDS], const std::vector<int>& cpus) {
  for (int cpu : cpus) {
    if (cpu < 0 || cpu >= SL_MAX_CPUS)
      throw Error(ExitStatus::kUsage, fmt::format("wakeup: CPU {} is beyond the {} the worker can pin to", cpu,
                                                  SL_MAX_CPUS));
    mask[cpu / 64] |= std::uint64_t{1} << (cpu % 64);
  }
}

std::uint32_t u32(std::int64_t v) { return static_cast<std::uint32_t>(v); }

class Wakeup final : public Workload {
 public:
  const WorkloadInfo& info() const override {
    static const WorkloadInfo kInfo{
        "wakeup",
        "schbench: message threads wake their workers; each worker does a request",
        "schbench (message + worker threads, wakeup latency and RPS)",
        {{.name = "message-threads", .kind = ParamKind::kInteger, .default_text = "1",
          .help = "message threads", .min = 1, .max = 1024, .short_name = 'm'},
         {.name = "workers", .kind = ParamKind::kText, .default_text = "auto",
          .help = "workers per message thread (auto: ceil(CPUs / message threads))", .short_name = 't',
          .aliases = {"threads"}},
         {.name = "footprint", .kind = ParamKind::kInteger, .default_text = "256",
          .help = "KiB of matrices per worker", .min = 0, .max = 1048576, .short_name = 'F',
          .aliases = {"cache_footprint"}},
         {.name = "operations", .kind = ParamKind::kInteger, .default_text = "5",
          .help = "matrix multiplies per request", .min = 0, .max = 1000000, .short_name = 'n'},
         {.name = "sleep-us", .kind = ParamKind::kInteger, .default_text = "100",
          .help = "usleep per request", .min = 0, .max = 10000000, .short_name = 's',
          .aliases = {"sleep_usec"}},
         {.name = "no-locking", .kind = ParamKind::kFlag, .help = "skip the per-CPU lock",
          .short_name = 'L'},
         {.name = "calibrate", .kind = ParamKind::kFlag,
          .help = "request latency excludes the usleep; implies -L", .short_name = 'C'},
         {.name = "message-cpus", .kind = ParamKind::kText,
          .help = "CPUs of the message threads (thread i on the i-th), or auto", .short_name = 'M'},
         {.name = "worker-cpus", .kind = ParamKind::kText, .help = "CPUs of the workers, or auto",
          .short_name = 'W'},
         {.name = "rps", .kind = ParamKind::kInteger, .default_text = "0",
          .help = "fixed total request rate (0: saturation)", .min = 0, .max = 1000000000,
          .short_name = 'R'},
         {.name = "pipe", .kind = ParamKind::kInteger, .default_text = "0",
          .help = "pipe mode: bytes written per wakeup (0: off)", .min = 0, .max = 1048576,
          .short_name = 'p'},
         {.name = "split", .kind = ParamKind::kInteger, .default_text = "100",
          .help = "percent of the footprint private per worker; the rest is shared", .min = 0,
          .max = 100},
         {.name = "interval", .kind = ParamKind::kInteger, .default_text = "0",
          .help = "print the RPS of every S seconds to stderr (0: off)", .min = 0, .max = 86400,
          .short_name = 'i', .aliases = {"intervaltime"}},
         {.name = "schbench-json", .kind = ParamKind::kText,
          .help = "schbench's -j: write its JSON of each run to FILE (- for stdout), rewritten after "
                  "every run",
          .short_name = 'j', .role = ParamRole::kOutput},
         {.name = "jobname", .kind = ParamKind::kText, .help = "schbench's -J: the job name in -j's JSON",
          .short_name = 'J', .role = ParamRole::kPresentation},
         {.name = "zerotime", .kind = ParamKind::kText, .help = "schbench's -z: refused (each run's window starts at zero)",
          .short_name = 'z', .role = ParamRole::kPresentation,
          .unsupported = "not supported: every run's window is measured from zero; for repeated "
                         "windows use --runs"},
         {.name = "auto-rps", .kind = ParamKind::kText, .help = "schbench's -A: refused (the rate is fixed within a run)",
          .short_name = 'A', .role = ParamRole::kPresentation,
          .unsupported = "not supported: the request rate is fixed within a run (-R); to find the rate "
                         "that loads the CPUs as much, compare --vary rps=R1,R2,..."},
         {.name = "schbench-compat", .kind = ParamKind::kFlag,
          .help = "schbench's actual behaviour: -M auto workers on all CPUs, average rps = all "
                  "requests / --duration"}},
        wakeup_metrics(),
        "rps",
        /*signal_at_stop=*/false,
        /*derived_params=*/{},
        /*key_metrics=*/{"wakeup_p50_us", "wakeup_p99_us", "request_p99_us"}};
    return kInfo;
  }

  // Resolves -t auto (from the run's CPUs, as schbench from nprocs) and -C's -L.
  void complete_params(Params& params, const ScenarioPlan& plan) const override {
    const auto m = params.integer("message-threads");
    int t = 0;
    if (params.text("workers") == "auto")
      t = static_cast<int>((static_cast<std::int64_t>(plan.cpu_set.size()) + m - 1) / m);
    else
      t = parse_positive("--workers", params.text("workers"));
    params.set("workers", std::to_string(t));
    if (params.flag("calibrate")) params.set("no-locking", true);
  }

  void validate(const Params& p, const ScenarioPlan& plan) const override {
    const auto m = p.integer("message-threads");
    cpus_of("--message-cpus", p.text("message-cpus"), plan.cpu_set);
    cpus_of("--worker-cpus", p.text("worker-cpus"), plan.cpu_set);
    const bool auto_pin = p.text("message-cpus") == "auto" || p.text("worker-cpus") == "auto";
    if (auto_pin && m > static_cast<std::int64_t>(plan.cpu_set.size()))
      throw UsageError("--message-threads", std::to_string(m),
                       fmt::format("at most {} with -M auto (one CPU per message thread)", plan.cpu_set.size()));
    if (auto_pin && !p.flag("schbench-compat") && m == static_cast<std::int64_t>(plan.cpu_set.size()))
      throw UsageError("--message-cpus", "auto",
                       "more CPUs than message threads, to leave CPUs for the workers (or --schbench-compat)");
    if (p.integer("rps") > 0 && p.integer("rps") < m)
      throw UsageError("--rps", std::to_string(p.integer("rps")),
                       fmt::format("at least --message-threads ({}): the rate is divided among them", m));
    if (p.integer("rps") > 0 && p.integer("pipe") > 0)
      throw UsageError("--pipe: cannot be combined with --rps");
  }

  std::uint32_t loop_counters(const Params& p) const override {
    return static_cast<std::uint32_t>(p.integer("message-threads") * std::stoi(p.text("workers")));
  }

  int processes_per_copy(const Params& p) const override {
    return static_cast<int>(p.integer("message-threads") * (std::stoi(p.text("workers")) + 1) + 1);
  }

  WorkerArgs worker_args(const Params& p, const CopyPlacement& copy,
                         const RunResources&) const override {
    const auto m = static_cast<size_t>(p.integer("message-threads"));
    std::vector<int> msg = cpus_of("--message-cpus", p.text("message-cpus"), copy.cpus);
    std::vector<int> workers = cpus_of("--worker-cpus", p.text("worker-cpus"), copy.cpus);
    if (p.text("message-cpus") == "auto" || p.text("worker-cpus") == "auto") {
      msg.assign(copy.cpus.begin(), copy.cpus.begin() + static_cast<long>(std::min(m, copy.cpus.size())));
      workers = p.flag("schbench-compat") ? copy.cpus
                                          : std::vector<int>(copy.cpus.begin() + static_cast<long>(msg.size()),
                                                             copy.cpus.end());
    }
    sl_wakeup_config c{};
    c.size = sizeof c;
    c.message_threads = static_cast<std::uint32_t>(m);
    c.workers = static_cast<std::uint32_t>(std::stoul(p.text("workers")));
    c.footprint_kb = u32(p.integer("footprint"));
    c.operations = u32(p.integer("operations"));
    c.sleep_us = u32(p.integer("sleep-us"));
    c.flags = (p.flag("no-locking") ? std::uint32_t{SL_WK_NO_LOCKING} : 0u) |
              (p.flag("calibrate") ? std::uint32_t{SL_WK_CALIBRATE} : 0u);
    c.rps = u32(p.integer("rps"));
    c.pipe_bytes = u32(p.integer("pipe"));
    c.split_pct = u32(p.integer("split"));
    c.interval_s = u32(p.integer("interval"));
    set_cpus(c.message_cpus, msg);
    set_cpus(c.worker_cpus, workers);
    return {SL_MODE_WAKEUP, {}, c};
  }

  // schbench -M auto keeps its workers on all CPUs (its pinning bug, which
  // every published schbench figure carries); natively they are kept off the
  // message CPUs, which on a small machine is a different experiment.
  std::vector<std::string> fidelity_notes(const Params& p, const ScenarioPlan&) const override {
    const bool auto_pin = p.text("message-cpus") == "auto" || p.text("worker-cpus") == "auto";
    if (!auto_pin || p.flag("schbench-compat")) return {};
    return {"placement differs from schbench: workers are kept off the message threads' CPUs, "
            "where schbench -M auto runs them on every CPU; add --schbench-compat to reproduce "
            "schbench"};
  }

  void derive(const Params& p, const WindowOutcome& outcome, const RunResources&,
              RunRecord& run) const override {
    WakeupData all;
    for (int i = 0; i < outcome.channel->ncopies(); ++i) add_copy(all, *outcome.channel, i);
    all.window_s = outcome.window_s;
    all.requests = total_loops(outcome);
    all.rps_samples = outcome.per_second;
    const bool compat = p.flag("schbench-compat");
    add_wakeup_metrics(all, compat, outcome.nominal_s, run.values);
    run.details["requests_total"] = all.total_requests;
    run.details["rps_formula"] = compat ? "all requests / --duration (schbench's average rps)"
                                        : "requests in the window / the window";
    run.details["histograms"] = {{"wakeup", histogram_json(*all.wakeup)},
                                 {"request", histogram_json(*all.request)}};
    if (all.unsettled > 0) run.details["histogram_updates_cut_at_stop"] = all.unsettled;
    run.display = format_schbench_blocks(all, run.values, p.integer("pipe") > 0);
    // schbench's -j: its JSON for scripts that read it, the workload's own
    // output beside the result file.
    if (!p.text("schbench-json").empty())
      write_schbench_json(p.text("schbench-json"), schbench_json(all, run.values, p.text("jobname"), p.integer("pipe") > 0,
                                                        outcome.nominal_s));
  }
};

}  // namespace

std::unique_ptr<Workload> make_wakeup_workload() { return std::make_unique<Wakeup>(); }

}  // namespace schedlab
