// The system CPU split (top's %Cpu(s) line) over the window, from /proc/stat:
// for all CPUs (cpu_*) and for the CPUs of the affinity set (set_cpu_*).
#include "input/files.h"
#include "probes/cpu_split.h"
#include "probes/probe.h"
#include "sys/proc_files.h"

namespace schedlab {
namespace {

class ProcStatProbe final : public Probe {
 public:
  std::unique_ptr<Probe> fresh() const override { return std::make_unique<ProcStatProbe>(); }
  const ProbeInfo& info() const override {
    static const ProbeInfo kInfo = [] {
      ProbeInfo i{"proc-stat", "the CPU split (us/sy/id/...) of all CPUs and of the CPU set",
                  "/proc/stat", cpu_split_metrics("cpu_", "all CPUs")};
      for (auto& m : cpu_split_metrics("set_cpu_", "the CPUs of the affinity set")) i.metrics.push_back(m);
      return i;
    }();
    return kInfo;
  }

  std::string unavailable_reason() const override {
    return input::read_system_file("/proc/stat") ? "" : "/proc/stat cannot be read";
  }

  std::string attach(const ProbeContext& context) override {
    cpus_ = context.cpu_set;
    return "";
  }
  void begin() override { before_ = sys::read_proc_stat(); }
  void end() override { after_ = sys::read_proc_stat(); }

  std::string finish(const ProbeWindow&, MetricValues& values, ordered_json&) override {
    add_cpu_split("cpu_", before_.all, after_.all, values);
    add_cpu_split("set_cpu_", sum_cpus(before_, cpus_), sum_cpus(after_, cpus_), values);
    return "";
  }
  void detach() noexcept override {}

 private:
  std::vector<int> cpus_;
  sys::ProcStat before_, after_;
};

}  // namespace

std::unique_ptr<Probe> make_proc_stat_probe() { return std::make_unique<ProcStatProbe>(); }

}  // namespace schedlab
