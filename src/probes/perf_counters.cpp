#include "probes/perf_counters.h"

#include <fmt/format.h>

#include <cerrno>

#include "probes/per_loop.h"
#include "probes/perf_scaling.h"

namespace schedlab {
namespace {

constexpr std::size_t kPerfSpareFds = 256;  // for everything else the run opens

// Every group's read at one edge, in the order of groups_.
using Reads = std::vector<sys::PerfGroupReading>;

class PerfCountersProbe final : public Probe {
 public:
  PerfCountersProbe(ProbeInfo info, std::vector<PerfMetric> metrics)
      : info_(std::move(info)), metrics_(std::move(metrics)) {
    for (const auto& m : metrics_) events_.push_back(m.event);
  }

  std::unique_ptr<Probe> fresh() const override { return std::make_unique<PerfCountersProbe>(info_, metrics_); }
  const ProbeInfo& info() const override { return info_; }

  std::string unavailable_reason() const override {
    for (const auto& m : metrics_)
      if (int err = sys::probe_perf_event(m.event); err != 0)
        return sys::describe_perf_refusal(err, m.name);
    return "";
  }

  std::string attach(const ProbeContext& context) override {
    const auto& tids = context.tasks;
    const std::size_t needed = tids.size() * events_.size() + kPerfSpareFds;
    if (const auto limit = sys::ensure_fd_limit(needed); limit < needed)
      return fmt::format(
          "{} tasks need {} counter descriptors; RLIMIT_NOFILE allows {} (raise the "
          "hard limit: ulimit -Hn)",
          tids.size(), needed - kPerfSpareFds, limit);
    for (pid_t tid : tids) {
      sys::PerfGroup group;
      const int err = group.open(tid, events_);
      if (err == ESRCH) continue;  // the task exited meanwhile: nothing to count
      if (err != 0) {
        detach();
        return sys::describe_perf_refusal(err, fmt::format("on task {}", tid));
      }
      groups_.push_back(std::move(group));
    }
    return "";
  }

  void begin() override { before_ = read_all(); }
  void end() override { after_ = read_all(); }

  std::string finish(const ProbeWindow& window, MetricValues& values, ordered_json& details) override {
    if (!before_ || !after_) return "a counter could not be read at the window's edge";
    const auto scaled = scale_per_group(*before_, *after_);
    if (!scaled) return "the counters never ran in the window (the PMU had no room for them)";
    for (size_t i = 0; i < metrics_.size(); ++i)
      set_counted(values, metrics_[i].name, scaled->counts[i] * metrics_[i].scale, window.loops);
    if (scaled->max_ratio > 1.0001) details[info_.name + "_scaled_by"] = scaled->max_ratio;  // multiplexed: estimated
    if (scaled->never_ran > 0) details[info_.name + "_groups_never_ran"] = scaled->never_ran;
    details[info_.name + "_tasks"] = groups_.size();
    return "";
  }

  void detach() noexcept override {
    groups_.clear();
    before_.reset();
    after_.reset();
  }

 private:
  std::optional<Reads> read_all() const {
    Reads reads;
    for (const auto& g : groups_) {
      auto r = g.read();
      if (!r) return std::nullopt;
      reads.push_back(std::move(*r));
    }
    return reads;
  }

  ProbeInfo info_;
  std::vector<PerfMetric> metrics_;
  std::vector<sys::PerfEventSpec> events_;
  std::vector<sys::PerfGroup> groups_;
  std::optional<Reads> before_, after_;
};

}  // namespace

std::vector<MetricSpec> perf_metric_specs(const std::vector<PerfMetric>& metrics) {
  std::vector<MetricSpec> specs;
  for (const auto& m : metrics)
    for (auto& s : counted_metric(m.name, m.unit, m.description)) specs.push_back(std::move(s));
  return specs;
}

std::unique_ptr<Probe> make_perf_counters_probe(ProbeInfo info, std::vector<PerfMetric> metrics) {
  return std::make_unique<PerfCountersProbe>(std::move(info), std::move(metrics));
}

}  // namespace schedlab
