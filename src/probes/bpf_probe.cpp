// In-kernel histograms of the workload's task lifecycle and scheduling,
// from a BPF program on raw BTF tracepoints (probes/bpf/lifecycle.bpf.c):
// fork -> exec -> exit -> free, run-queue latency, on-CPU slices, wakeups
// and migrations.  Aggregated in the kernel and copied out once, after the
// run: no event crosses to user space and no thread runs beside the
// copies, but the program runs on every switch, wakeup and fork of the
// machine while attached, so it is measured as an in-window probe.
#include <fmt/format.h>

#include <optional>
#include <set>

#include "probes/bpf_histograms.h"
#include "probes/bpf_libbpf.h"
#include "probes/bpf_offcpu.h"
#include "probes/bpf_program.h"
#include "probes/per_loop.h"
#include "probes/probe.h"
#include "sys/cgroup_fs.h"
#include "sys/proc_files.h"

namespace schedlab {
namespace {

std::vector<MetricSpec> bpf_metrics() {
  auto specs = bpf_histogram_metrics();
  for (const auto& [name, what] : {std::pair{"bpf_wakeups", "wakeups (sched_wakeup) of the workload's tasks"},
                                   {"bpf_wakeups_new", "first wakeups of new workload tasks (sched_wakeup_new)"},
                                   {"bpf_migrations", "moves of the workload's tasks to another CPU (sched_migrate_task)"}})
    for (auto& s : counted_metric(name, "count", what)) specs.push_back(std::move(s));
  return specs;
}

// The copies' processes and those of every task in their trees.
std::vector<pid_t> tree_processes(const ProbeContext& c) {
  std::set<pid_t> tgids(c.copies.begin(), c.copies.end());
  for (pid_t tid : c.tasks)
    if (const auto tgid = sys::tgid_of(tid)) tgids.insert(*tgid);
  return {tgids.begin(), tgids.end()};
}

// `bpf`: the histograms and counts; `bpf-offcpu`: the same and where the
// tasks block, by kernel stack -- a probe of its own because the stack
// walk at every blocking switch costs more than everything else it does
// (docs/probes.md), so the cheap one can be in the default set where the
// other cannot.
class BpfProbe final : public Probe {
 public:
  explicit BpfProbe(BpfRecording recording) : recording_(recording) {}

  // No kernel option is demanded of a guest kernel (ProbeInfo::kernel_config):
  // one without BTF (CONFIG_DEBUG_INFO_BTF, which needs pahole to build; the
  // small guest kernel has none) runs without the probe, which says why.
  std::unique_ptr<Probe> fresh() const override { return std::make_unique<BpfProbe>(recording_); }
  const ProbeInfo& info() const override {
    static const std::string kNeeds =
        "BPF with the kernel's BTF (/sys/kernel/btf/vmlinux) and raw BTF tracepoints (Linux 5.5+); root, or "
        "CAP_BPF and CAP_PERFMON";
    static const ProbeInfo kBpfInfo{
        "bpf",
        "in-kernel histograms of the workload's fork->exec, exec->exit, exit->free, run-queue latency and "
        "on-CPU slices; wakeups and migrations",
        kNeeds, bpf_metrics(), true};
    static const ProbeInfo kOffCpuInfo = [] {
      ProbeInfo i{"bpf-offcpu",
                  "bpf's histograms and counts, and the kernel stacks the workload's tasks blocked in, by off-CPU "
                  "time",
                  kNeeds, bpf_metrics(), true};
      i.includes = "bpf";
      return i;
    }();
    return recording_.offcpu_stacks ? kOffCpuInfo : kBpfInfo;
  }

  std::string unavailable_reason() const override { return bpf_tracing_unavailable(); }

  std::string attach(const ProbeContext& c) override {
    ordered_json filter;
    BpfFilter f;
    if (!c.chain_dirs.empty()) {
      f.cgroup_id = sys::cgroup_id(c.chain_dirs.back());
      if (f.cgroup_id == 0) return fmt::format("the run's cgroup {} has no id to filter on", c.chain_dirs.back());
      filter = {{"filter", "cgroup"}, {"cgroup", c.chain_dirs.back()}, {"cgroup_id", f.cgroup_id}};
    } else {
      f.tgids = tree_processes(c);
      filter = {{"filter", "process-tree"}, {"processes_seeded", f.tgids.size()}};
    }
    if (auto why = program_.open(f, recording_); !why.empty()) return why;
    filter_ = std::move(filter);
    return "";
  }

  void begin() override { program_.set_window(true); }
  void end() override { program_.set_window(false); }

  std::string finish(const ProbeWindow& window, MetricValues& values, ordered_json& details) override {
    const auto reading = program_.read();
    if (!reading) return "the BPF maps could not be read after the run";
    ordered_json record = filter_;
    record["histograms"] = ordered_json::object();
    for (std::uint32_t kind = 0; kind < SL_HISTOGRAMS; ++kind)
      record["histograms"][bpf_histogram_info(kind).name] = histogram_record(reading->histograms[kind]);
    record["tasks_left"] = reading->tasks_left;
    record["tasks_left_total"] = reading->tasks_left_total;
    record["tasks_dropped"] = reading->counters.tasks_dropped;
    if (recording_.offcpu_stacks) record.update(offcpu_details(*reading));
    details["bpf"] = std::move(record);
    if (reading->counters.tasks_dropped > 0)
      return fmt::format("{} tasks of the workload were not followed (the task map holds {}): no figures",
                         reading->counters.tasks_dropped, SL_MAX_TASKS);
    for (std::uint32_t kind = 0; kind < SL_HISTOGRAMS; ++kind)
      set_histogram_values(kind, reading->histograms[kind], window.loops, values);
    const auto& n = reading->counters;
    set_counted(values, "bpf_wakeups", static_cast<double>(n.wakeups), window.loops);
    set_counted(values, "bpf_wakeups_new", static_cast<double>(n.wakeups_new), window.loops);
    set_counted(values, "bpf_migrations", static_cast<double>(n.migrations), window.loops);
    return "";
  }

  void detach() noexcept override {
    program_.close();
    filter_ = nullptr;
  }

 private:
  // The off-CPU stacks with the most time, named, and what was not kept.
  ordered_json offcpu_details(const BpfReading& r) {
    if (!symbols_) symbols_.emplace(profile::KernelSymbols::load());
    ordered_json out = {{"offcpu", offcpu_record(r.offcpu, *symbols_)},
                        {"offcpu_stacks", r.offcpu.size()},
                        {"offcpu_dropped", r.counters.offcpu_dropped}};
    if (r.counters.offcpu_dropped > 0)
      out["offcpu_incomplete"] = fmt::format(
          "{} blocking switches of the workload's tasks have no stack (the stack map holds {} stacks, a hash "
          "bucket taken by another stack drops one): the off-CPU stacks miss their time",
          r.counters.offcpu_dropped, SL_MAX_STACKS);
    if (symbols_->empty()) out["offcpu_unnamed"] = profile::kallsyms_problem();
    return out;
  }

  BpfRecording recording_;
  LifecycleProgram program_;
  std::optional<profile::KernelSymbols> symbols_;  // kept across the runs of a set
  ordered_json filter_;  // how this run's tasks were chosen, for its details
};

}  // namespace

std::unique_ptr<Probe> make_bpf_probe() { return std::make_unique<BpfProbe>(BpfRecording{false}); }
std::unique_ptr<Probe> make_bpf_offcpu_probe() { return std::make_unique<BpfProbe>(BpfRecording{true}); }

}  // namespace schedlab
