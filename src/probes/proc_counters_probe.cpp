// Machine-wide event counters over the window: /proc/stat (context
// switches, forks, interrupts, softirqs) and /proc/vmstat (page faults, NUMA
// balancing, migrations).  Machine-wide means other tenants count too:
// foreign_cpu_pct says how much of them there was.
#include <fmt/format.h>

#include <array>

#include "input/files.h"
#include "probes/per_loop.h"
#include "probes/probe.h"
#include "sys/kernel_text.h"
#include "sys/proc_files.h"

namespace schedlab {
namespace {

struct Counter {
  const char* file;  // "stat" or "vmstat"
  const char* name;  // the kernel's name, which is the metric's
  const char* what;
};

constexpr std::array<Counter, 8> kCounters = {{
    {"stat", "ctxt", "context switches of the whole machine (/proc/stat ctxt)"},
    {"stat", "processes", "processes and threads created on the machine (/proc/stat processes)"},
    {"stat", "intr", "interrupts serviced (/proc/stat intr)"},
    {"stat", "softirq", "softirqs serviced (/proc/stat softirq)"},
    {"vmstat", "pgfault", "page faults on the machine (/proc/vmstat pgfault)"},
    {"vmstat", "pgmajfault", "major page faults on the machine (/proc/vmstat pgmajfault)"},
    {"vmstat", "numa_hint_faults", "NUMA balancing hinting faults (/proc/vmstat)"},
    {"vmstat", "pgmigrate_success", "pages migrated (/proc/vmstat pgmigrate_success)"},
}};

std::vector<MetricSpec> counter_metrics() {
  std::vector<MetricSpec> specs;
  for (const auto& c : kCounters)
    for (auto& m : counted_metric(c.name, "count", c.what)) specs.push_back(std::move(m));
  return specs;
}

using Counts = std::map<std::string, std::uint64_t>;

class ProcCountersProbe final : public Probe {
 public:
  std::unique_ptr<Probe> fresh() const override { return std::make_unique<ProcCountersProbe>(); }
  const ProbeInfo& info() const override {
    static const ProbeInfo kInfo{"proc-counters",
                                 "machine-wide context switches, forks, interrupts and page faults",
                                 "/proc/stat and /proc/vmstat",
                                 counter_metrics()};
    return kInfo;
  }

  std::string unavailable_reason() const override {
    return input::read_system_file("/proc/vmstat") ? "" : "/proc/vmstat cannot be read";
  }

  std::string attach(const ProbeContext&) override { return ""; }
  void begin() override { before_ = snapshot(); }
  void end() override { after_ = snapshot(); }

  std::string finish(const ProbeWindow& window, MetricValues& values, ordered_json& details) override {
    for (const auto& c : kCounters) {
      auto b = before_.find(c.name), a = after_.find(c.name);
      if (b == before_.end() || a == after_.end()) continue;  // not in this kernel's files
      if (auto d = sys::counter_delta(b->second, a->second))
        set_counted(values, c.name, static_cast<double>(*d), window.loops);
      else
        details["proc_counters_reset"].push_back(c.name);  // went backwards: no value, not a wrap
    }
    return "";
  }
  void detach() noexcept override {}

 private:
  static Counts snapshot() {
    Counts all = sys::parse_stat_counters(input::read_system_file("/proc/stat").value_or(""));
    for (auto& [k, v] : sys::parse_vmstat(input::read_system_file("/proc/vmstat").value_or(""))) all[k] = v;
    return all;
  }
  Counts before_, after_;
};

}  // namespace

std::unique_ptr<Probe> make_proc_counters_probe() { return std::make_unique<ProcCountersProbe>(); }

}  // namespace schedlab
