// `schedlab list`: every workload with its options and metrics.
#include <fmt/format.h>
#include <unistd.h>

#include <iostream>

#include "cli/command.h"
#include "cli/commands.h"
#include "report/wrap.h"
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
  const std::string indent(9, ' ');
  for (const auto& w : workloads.items()) {
    const auto& info = w->info();
    std::cout << wrap(info.summary, kTextWidth, fmt::format("{:<8} ", info.name), indent) << "\n"
              << wrap("reproduces: " + info.reproduces, kTextWidth, indent, indent + "  ") << "\n"
              << wrap("supported here: " + support(*w, have_worker), kTextWidth, indent, indent + "  ")
              << "\n";
    for (const auto& p : info.params)
      std::cout << wrap(fmt::format("{} ({}; {})", p.help, describe_allowed(p), default_of(p)), kTextWidth,
                        fmt::format("{}--{:<14} ", indent, p.name), indent + std::string(17, ' '))
                << "\n";
    std::string metrics = "metrics:";
    for (const auto& m : info.metrics)
      metrics += fmt::format(" {}{} [{}, {} is better];", m.name,
                             m.name == info.primary_metric ? " (primary)" : "", m.unit, to_string(m.better));
    metrics.pop_back();
    std::cout << wrap(metrics, kTextWidth, indent, indent + "  ") << "\n\n";
  }
  std::cout << wrap("Every run also records the CPU split (cpu_*_pct, set_cpu_*_pct), the copies' rusage "
                    "(user_s, sys_s, voluntary_ctxsw, involuntary_ctxsw, minor_faults, major_faults, "
                    "max_rss_kb), start_skew_us, loop_rss_kb and loop_vmas; and the probes' metrics "
                    "(schedlab list --probes).",
                    kTextWidth)
            << "\n";
  return 0;
}

Command add_list(CLI::App& app, const CommandContext& context) {
  auto probes = std::make_shared<bool>(false);
  auto* list = app.add_subcommand("list", "workloads, their options and metrics, and whether each runs here");
  list->add_flag("--probes", *probes, "the probes instead: each available here or why not, its cost");
  return {list, [probes, &context] { return *probes ? list_probes_command(context.workloads) : list_command(context.workloads); }};
}

}  // namespace schedlab
