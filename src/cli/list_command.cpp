// `schedlab list`: every workload with its options and metrics.
#include <fmt/format.h>
#include <unistd.h>

#include <iostream>

#include "cli/commands.h"
#include "runner/worker_path.h"

namespace schedlab {
namespace {

std::string default_of(const ParamSpec& spec) {
  if (spec.kind == ParamKind::kFlag) return "flag";
  return spec.default_text.empty() ? "no default" : "default " + spec.default_text;
}

std::string support(const Workload& w, bool have_worker) {
  if (!have_worker) return "no: schedlab-worker is missing (not beside schedlab nor in its libexec)";
  auto problem = w.support_problem();
  return problem ? "no: " + *problem : "yes";
}

}  // namespace

int list_command(const WorkloadRegistry& workloads) {
  const bool have_worker = find_worker().has_value();
  for (const auto& w : workloads.items()) {
    const auto& info = w->info();
    std::cout << fmt::format("{:<8} {}\n         reproduces: {}\n         supported here: {}\n",
                             info.name, info.summary, info.reproduces, support(*w, have_worker));
    for (const auto& p : info.params)
      std::cout << fmt::format("         --{:<12} {} ({}; {})\n", p.name, p.help,
                               describe_allowed(p), default_of(p));
    std::cout << "         metrics:";
    for (const auto& m : info.metrics)
      std::cout << fmt::format(" {}{} [{}, {} is better]", m.name,
                               m.name == info.primary_metric ? " (primary)" : "", m.unit,
                               to_string(m.better));
    std::cout << "\n\n";
  }
  std::cout << "Every run also records the CPU split (cpu_*_pct, set_cpu_*_pct), the copies' "
               "rusage\n(user_s, sys_s, voluntary_ctxsw, involuntary_ctxsw, minor_faults, "
               "major_faults,\nmax_rss_kb), start_skew_us, loop_rss_kb and loop_vmas.\n";
  return 0;
}

}  // namespace schedlab
