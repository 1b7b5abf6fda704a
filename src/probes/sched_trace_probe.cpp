// Scheduler tracepoints of the copies' processes, in a private tracefs
// instance (trace_instance.h): counts of sched_switch, sched_wakeup,
// sched_wakeup_new, sched_migrate_task and sched_process_fork/exec/exit,
// the wakeup-to-run latency (p50, p99) and every run-queue wait — of
// short-lived children too, which /proc/PID/schedstat loses at their reap.
// The instance follows the copies' tasks (set_event_pid with event-fork);
// a drain thread empties the per-CPU buffers during the run, so this probe
// costs CPU time beside the copies: it is intrusive, and measured so.
#include <fmt/format.h>
#include "probes/tracefs_api.h"

#include <unistd.h>

#include <atomic>
#include <ctime>
#include <cstring>
#include <limits>
#include <map>
#include <thread>

#include "probes/per_loop.h"
#include "probes/probe.h"
#include "probes/sched_trace_stats.h"
#include "probes/trace_instance.h"
#include "sys/proc_files.h"
#include "sys/tracefs_mount.h"

namespace schedlab {
namespace {

using namespace std::chrono_literals;

constexpr SchedEventKind kCounted[] = {SchedEventKind::kSwitch,     SchedEventKind::kWakeup,
                                       SchedEventKind::kWakeupNew,  SchedEventKind::kMigrate,
                                       SchedEventKind::kFork,       SchedEventKind::kExec,
                                       SchedEventKind::kExit};
constexpr const char* kBufferKbPerCpu = "8192";
constexpr auto kDrainPeriod = 20ms;
constexpr std::uint64_t kOpen = std::numeric_limits<std::uint64_t>::max();

std::vector<MetricSpec> trace_metrics() {
  std::vector<MetricSpec> m;
  for (auto kind : kCounted)
    for (auto& s : counted_metric(tracepoint_name(kind), "count",
                                  fmt::format("{} events of the copies' tasks", tracepoint_name(kind))))
      m.push_back(std::move(s));
  m.push_back({"wakeup_to_run_p50_us", "us", Better::kLower,
               "median time from a copy task's wakeup (sched_waking) to it running"});
  m.push_back({"wakeup_to_run_p99_us", "us", Better::kLower, "99th percentile of that time"});
  m.push_back({"wakeup_to_run_samples", "count", Better::kHigher, "wakeups the latency figures cover"});
  for (auto& s : counted_metric("trace_run_delay_us", "us",
                                "time the copies' tasks, short-lived ones included, waited on a run queue"))
    m.push_back(std::move(s));
  return m;
}

// How to decode one tracepoint's records.
struct EventDecoder {
  SchedEventKind kind;
  tep_format_field* pid = nullptr;    // prev_pid / parent_pid / pid
  tep_format_field* other = nullptr;  // next_pid / child_pid
  tep_format_field* state = nullptr;  // prev_state
};

// CLOCK_MONOTONIC, the clock of the instance's "mono" trace clock.
std::uint64_t mono_now_ns() {
  timespec ts{};
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<std::uint64_t>(ts.tv_sec) * 1'000'000'000u + static_cast<std::uint64_t>(ts.tv_nsec);
}

std::uint64_t field_value(tep_format_field* f, tep_record* r) {
  unsigned long long v = 0;
  if (f) tep_read_number_field(f, r->data, &v);
  return v;
}

class SchedTraceProbe final : public Probe {
 public:
  std::unique_ptr<Probe> fresh() const override { return std::make_unique<SchedTraceProbe>(); }
  const ProbeInfo& info() const override {
    static const ProbeInfo kInfo{"sched-trace",
                                 "sched tracepoint counts, wakeup-to-run latency and run-queue waits of the copies",
                                 "tracefs with the sched events, root (mounts tracefs when needed)", trace_metrics(), true, {"tracefs"},
                                 {"CONFIG_EVENT_TRACING"}};
    return kInfo;
  }

  std::string unavailable_reason() const override {
    if (!sys::kernel_has_tracefs()) return "the kernel has no tracefs (CONFIG_TRACING off)";
    if (geteuid() != 0) return "tracefs instances need root";
    return "";
  }

  std::string attach(const ProbeContext& c) override {
    if (!c.journal) return "no journal to record the trace instance in";
    if (auto why = instance_.open(*c.journal, "schedlab-" + c.run_tag); !why.empty()) return why;
    const auto& tasks = c.tasks;
    if (auto why = configure(tasks); !why.empty()) {
      detach();
      return why;
    }
    stats_.emplace(tasks, kOpen, kOpen);
    drain_ = std::jthread([this](const std::stop_token& stop) { drain_loop(stop); });
    return "";
  }

  void begin() override { begin_ns_ = mono_now_ns(); }

  void end() override {
    end_ns_ = mono_now_ns();
    instance_.write("tracing_on", "0");
  }

  std::string finish(const ProbeWindow& window, MetricValues& values, ordered_json& details) override {
    drain_ = std::jthread();  // stop and join: the last events are read below, in this thread
    drain_once();
    // An instance that vanished (tracefs unmounted under the run) reads as
    // no events and no losses: say so rather than report too few events.
    if (!instance_.alive()) return "the trace instance vanished during the run (was tracefs unmounted?): no figures";
    const std::uint64_t lost = lost_ + kernel_lost();
    details["sched_trace_events"] = events_;
    if (lost > 0)
      return fmt::format("{} trace events were lost (the buffers of {} KiB per CPU overflowed): no figures",
                         lost, kBufferKbPerCpu);
    for (auto kind : kCounted) set_counted(values, tracepoint_name(kind), static_cast<double>(stats_->count(kind)), window.loops);
    auto latencies = stats_->wakeup_latencies_ns();
    values.set("wakeup_to_run_samples", static_cast<double>(latencies.size()));
    if (!latencies.empty()) {
      values.set("wakeup_to_run_p50_us", nearest_rank_percentile(latencies, 50) / 1000);
      values.set("wakeup_to_run_p99_us", nearest_rank_percentile(latencies, 99) / 1000);
    }
    set_counted(values, "trace_run_delay_us", static_cast<double>(stats_->run_delay_ns()) / 1000, window.loops);
    return "";
  }

  void detach() noexcept override {
    drain_ = std::jthread();
    instance_.close();
    stats_.reset();
    decoders_.clear();
    lost_ = events_ = 0;
    begin_ns_ = end_ns_ = kOpen;
  }

 private:
  // Buffer, clock, the copies' pids (followed through forks), the events.
  std::string configure(const std::vector<pid_t>& tasks) {
    const bool waking = instance_.has_event("sched", "sched_waking");
    std::string pids;
    for (pid_t t : tasks) pids += std::to_string(t) + " ";
    const std::pair<const char*, std::string> settings[] = {
        {"buffer_size_kb", kBufferKbPerCpu}, {"trace_clock", "mono"}, {"options/overwrite", "0"},
        {"options/event-fork", "1"},         {"set_event_pid", pids}};
    for (const auto& [file, text] : settings)
      if (int err = instance_.write(file, text); err != 0)
        return fmt::format("writing {} of the trace instance failed: {} (errno {})", file, std::strerror(err), err);
    for (auto kind : {SchedEventKind::kSwitch, SchedEventKind::kWaking, SchedEventKind::kWakeup,
                      SchedEventKind::kWakeupNew, SchedEventKind::kMigrate, SchedEventKind::kFork,
                      SchedEventKind::kExec, SchedEventKind::kExit}) {
      if (kind == SchedEventKind::kWaking && !waking) continue;  // before 4.3: sched_wakeup starts the latency
      if (auto why = enable(kind); !why.empty()) return why;
    }
    use_wakeup_for_latency_ = !waking;
    return "";
  }

  std::string enable(SchedEventKind kind) {
    const char* name = tracepoint_name(kind);
    tep_event* event = tep_find_event_by_name(instance_.tep(), "sched", name);
    if (!event) return fmt::format("the kernel has no sched:{} tracepoint", name);
    EventDecoder d{kind};
    const bool sw = kind == SchedEventKind::kSwitch, fork = kind == SchedEventKind::kFork;
    d.pid = tep_find_field(event, sw ? "prev_pid" : fork ? "parent_pid" : "pid");
    if (sw) d.other = tep_find_field(event, "next_pid");
    if (sw) d.state = tep_find_field(event, "prev_state");
    if (fork) d.other = tep_find_field(event, "child_pid");
    if (!d.pid || ((sw || fork) && !d.other))
      return fmt::format("sched:{} has not the fields this probe reads", name);
    decoders_[event->id] = d;
    if (tracefs_event_enable(instance_.instance(), "sched", name) != 0)
      return fmt::format("enabling sched:{} in the trace instance failed: {}", name, std::strerror(errno));
    return "";
  }

  void drain_loop(const std::stop_token& stop) {
    while (!stop.stop_requested()) {
      drain_once();
      std::this_thread::sleep_for(kDrainPeriod);
    }
  }

  void drain_once() {
    tracefs_iterate_raw_events(instance_.tep(), instance_.instance(), nullptr, 0, &SchedTraceProbe::on_record, this);
  }

  static int on_record(tep_event* event, tep_record* record, int, void* self) {
    static_cast<SchedTraceProbe*>(self)->decode(event, record);
    return 0;
  }

  void decode(tep_event* event, tep_record* record) {
    if (record->missed_events) lost_ += record->missed_events > 0 ? static_cast<std::uint64_t>(record->missed_events) : 1;
    auto it = decoders_.find(event->id);
    if (it == decoders_.end()) return;
    const EventDecoder& d = it->second;
    ++events_;
    SchedEvent e{d.kind, record->ts, static_cast<pid_t>(field_value(d.pid, record)),
                 static_cast<pid_t>(field_value(d.other, record)),
                 d.state && switched_out_runnable(field_value(d.state, record))};
    stats_->set_window(begin_ns_.load(std::memory_order_relaxed), end_ns_.load(std::memory_order_relaxed));
    stats_->add(e);
    if (use_wakeup_for_latency_ && d.kind == SchedEventKind::kWakeup) {
      e.kind = SchedEventKind::kWaking;
      stats_->add(e);
    }
  }

  // Events the kernel dropped or overwrote: per_cpu/cpuN/stats.
  std::uint64_t kernel_lost() const {
    std::uint64_t lost = 0;
    for (long cpu = 0; cpu < sysconf(_SC_NPROCESSORS_CONF); ++cpu) {
      const std::string text = instance_.read(fmt::format("per_cpu/cpu{}/stats", cpu));
      for (const auto& line : sys::split(text, "\n"))
        if (line.rfind("overrun:", 0) == 0 || line.rfind("dropped events:", 0) == 0)
          lost += std::strtoull(line.substr(line.find(':') + 1).c_str(), nullptr, 10);
    }
    return lost;
  }

  TraceInstance instance_;
  std::map<int, EventDecoder> decoders_;
  std::optional<SchedTraceStats> stats_;
  std::atomic<std::uint64_t> begin_ns_{kOpen}, end_ns_{kOpen};
  bool use_wakeup_for_latency_ = false;
  std::uint64_t lost_ = 0, events_ = 0;
  std::jthread drain_;  // last: stopped before anything it reads goes
};

}  // namespace

std::unique_ptr<Probe> make_sched_trace_probe() { return std::make_unique<SchedTraceProbe>(); }

}  // namespace schedlab
