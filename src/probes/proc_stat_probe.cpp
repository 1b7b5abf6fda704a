// The system CPU split (top's %Cpu(s) line) over the window, from /proc/stat:
// for all CPUs (cpu_*) and for the CPUs of the affinity set (set_cpu_*).
#include "probes/cpu_split.h"
#include "probes/probe.h"

namespace schedlab {
namespace {

class ProcStatProbe final : public Probe {
 public:
  std::string name() const override { return "proc-stat"; }

  const std::vector<MetricSpec>& metrics() const override {
    static const std::vector<MetricSpec> kMetrics = [] {
      auto all = cpu_split_metrics("cpu_", "all CPUs");
      auto set = cpu_split_metrics("set_cpu_", "the CPUs of the affinity set");
      all.insert(all.end(), set.begin(), set.end());
      return all;
    }();
    return kMetrics;
  }

  void begin(const ProbeContext& context) override {
    cpus_ = context.cpu_set;
    before_ = sys::read_proc_stat();
  }

  void end(MetricValues& values) override {
    const auto after = sys::read_proc_stat();
    add_cpu_split("cpu_", before_.all, after.all, values);
    add_cpu_split("set_cpu_", sum_cpus(before_, cpus_), sum_cpus(after, cpus_), values);
  }

 private:
  std::vector<int> cpus_;
  sys::ProcStat before_;
};

}  // namespace

std::unique_ptr<Probe> make_proc_stat_probe() { return std::make_unique<ProcStatProbe>(); }

}  // namespace schedlab
