#include "probes/probe.h"

namespace schedlab {

std::unique_ptr<Probe> make_proc_stat_probe();
std::unique_ptr<Probe> make_proc_counters_probe();
std::unique_ptr<Probe> make_psi_probe();
std::unique_ptr<Probe> make_schedstat_probe();
std::unique_ptr<Probe> make_perf_sw_probe();
std::unique_ptr<Probe> make_perf_hw_probe();
std::unique_ptr<Probe> make_sched_trace_probe();
std::unique_ptr<Probe> make_profile_probe();
std::unique_ptr<Probe> make_bpf_probe();
std::unique_ptr<Probe> make_bpf_offcpu_probe();
std::unique_ptr<Probe> make_bpf_funclat_probe();

ProbeList builtin_probes() {
  ProbeList probes;
  probes.push_back(make_proc_stat_probe());
  probes.push_back(make_proc_counters_probe());
  probes.push_back(make_psi_probe());
  probes.push_back(make_schedstat_probe());
  probes.push_back(make_perf_sw_probe());
  probes.push_back(make_perf_hw_probe());
  probes.push_back(make_sched_trace_probe());
  probes.push_back(make_bpf_probe());
  probes.push_back(make_bpf_offcpu_probe());
  probes.push_back(make_bpf_funclat_probe());
  probes.push_back(make_profile_probe());
  return probes;
}

}  // namespace schedlab
