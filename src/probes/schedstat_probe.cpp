// Run-queue delay of the copies' long-lived tasks: /proc/TID/schedstat of
// every thread of every copy's process tree at its start barrier (the loop
// process, a context partner, schbench's threads), read at both edges.  It
// needs CONFIG_SCHED_INFO only (no schedstats sysctl, no delay accounting).
// Tasks born in the window (spawn's and exec's children) die before the
// close, and a reaped task's values go with it: those are counted by the
// sched-trace probe (trace_run_delay_us).
#include <fcntl.h>

#include "input/files.h"
#include "probes/per_loop.h"
#include "probes/probe.h"
#include "sys/kernel_text.h"
#include "sys/perf_event.h"
#include "sys/proc_files.h"
#include "sys/unique_fd.h"

namespace schedlab {
namespace {

constexpr std::size_t kSchedstatSpareFds = 256;  // for everything else the run opens

std::vector<MetricSpec> schedstat_metrics() {
  auto m = counted_metric("run_delay_us", "us",
                          "time the copies' long-lived tasks waited on a run queue (/proc/TID/schedstat)");
  for (auto& s : counted_metric("timeslices", "count", "times the copies' long-lived tasks got a CPU"))
    m.push_back(std::move(s));
  m.push_back({"schedstat_tasks", "count", Better::kLower, "long-lived tasks the schedstat figures cover"});
  return m;
}

std::optional<sys::TaskSchedstat> pread_schedstat(int fd) {
  char buf[128];
  const ssize_t n = pread(fd, buf, sizeof buf - 1, 0);
  if (n <= 0) return std::nullopt;
  return sys::parse_schedstat(std::string(buf, static_cast<size_t>(n)));
}

class SchedstatProbe final : public Probe {
 public:
  std::unique_ptr<Probe> fresh() const override { return std::make_unique<SchedstatProbe>(); }
  const ProbeInfo& info() const override {
    static const ProbeInfo kInfo{"schedstat", "run-queue delay and timeslices of the copies' long-lived tasks",
                                 "CONFIG_SCHED_INFO (/proc/PID/schedstat)",
                                 schedstat_metrics(), false, {}, {"CONFIG_SCHED_INFO"}};
    return kInfo;
  }

  std::string unavailable_reason() const override {
    auto text = input::read_system_file("/proc/self/schedstat");
    if (!text) return "no /proc/self/schedstat: the kernel is built without CONFIG_SCHED_INFO";
    auto s = sys::parse_schedstat(*text);
    if (!s || s->run_ns == 0)
      return "/proc/self/schedstat reads 0 0 0: the kernel does not fill it (CONFIG_SCHED_INFO off)";
    return "";
  }

  std::string attach(const ProbeContext& context) override {
    const auto& tids = context.tasks;
    sys::ensure_fd_limit(tids.size() + kSchedstatSpareFds);
    for (pid_t tid : tids) {
      sys::UniqueFd fd(open(("/proc/" + std::to_string(tid) + "/schedstat").c_str(), O_RDONLY | O_CLOEXEC));
      if (fd) fds_.push_back(std::move(fd));
    }
    if (fds_.empty()) return "none of the copies' tasks had a readable /proc/TID/schedstat";
    before_.assign(fds_.size(), std::nullopt);
    after_.assign(fds_.size(), std::nullopt);
    return "";
  }

  void begin() override { read_all(before_); }
  void end() override { read_all(after_); }

  std::string finish(const ProbeWindow& window, MetricValues& values, ordered_json&) override {
    double delay_ns = 0, slices = 0, tasks = 0;
    for (size_t i = 0; i < fds_.size(); ++i) {
      const auto &b = before_[i], &a = after_[i];
      if (!b || !a || a->run_delay_ns < b->run_delay_ns || a->timeslices < b->timeslices) continue;
      delay_ns += static_cast<double>(a->run_delay_ns - b->run_delay_ns);
      slices += static_cast<double>(a->timeslices - b->timeslices);
      ++tasks;
    }
    if (tasks == 0) return "no task of the copies lived through the whole window";
    set_counted(values, "run_delay_us", delay_ns / 1000, window.loops);
    set_counted(values, "timeslices", slices, window.loops);
    values.set("schedstat_tasks", tasks);
    return "";
  }

  void detach() noexcept override {
    fds_.clear();
    before_.clear();
    after_.clear();
  }

 private:
  void read_all(std::vector<std::optional<sys::TaskSchedstat>>& into) const {
    for (size_t i = 0; i < fds_.size(); ++i) into[i] = pread_schedstat(fds_[i].get());
  }

  std::vector<sys::UniqueFd> fds_;
  std::vector<std::optional<sys::TaskSchedstat>> before_, after_;
};

}  // namespace

std::unique_ptr<Probe> make_schedstat_probe() { return std::make_unique<SchedstatProbe>(); }

}  // namespace schedlab
