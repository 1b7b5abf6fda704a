// `schedlab kernels`' options bound to CLI11, and its spec after '--'
// parsed once.
#include "cli/kernels_options.h"

#include <fmt/format.h>

#include <CLI/CLI.hpp>

#include "cli/help_formatter.h"
#include "cli/command_options.h"
#include "cli/run_parse.h"
#include "cli/store_options.h"
#include "core/error.h"

namespace schedlab {

std::optional<GuestSpec> parse_kernels_spec(const Registries& registries, const std::vector<std::string>& spec) {
  if (spec.empty() || spec.front() != "run")
    throw UsageError(fmt::format("kernels: after '--' comes the spec every guest runs, 'run WORKLOAD [options]'{}",
                                 spec.empty() ? "" : fmt::format("; found '{}'", spec.front())));
  return parse_guest_spec(registries, {spec.begin() + 1, spec.end()});
}

namespace {

// Each bound to its declaration (cli/guest_option_entries.cpp).
void add_kernels_options(CLI::App& app, KernelsTexts& t) {
  const std::string kernels = "kernels";
  bind_option(app, kernels, "--kernel", t.kernels)->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  bind_option(app, kernels, "--config", t.configs)->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  for (auto [name, target] : {std::pair{"--boots", &t.boots}, {"--vcpus", &t.vcpus}, {"--memory", &t.memory},
                              {"--host-cpus", &t.host_cpus}, {"--append", &t.append}, {"--accel", &t.accel},
                              {"--guest-clock", &t.clock}, {"--deadline", &t.deadline}, {"--seed", &t.seed},
                              {"--json", &t.json}, {"--arch", &t.arch}, {"--guest-schedlab", &t.guest_schedlab},
                              {"--guest-busybox", &t.guest_busybox}})
    bind_option(app, kernels, name, *target);
  for (auto [name, target] : {std::pair{"--force", &t.force}, {"--trust-kernel", &t.trust_kernel},
                              {"--quiet", &t.quiet}, {"--side-by-side", &t.side_by_side}})
    bind_option(app, kernels, name, *target);
  add_store_options(app, t.store, true);
}

}  // namespace

KernelsCommandLine::KernelsCommandLine()
    : app("kernels: boot each kernel in a QEMU guest and run the spec after '--' in every boot, boots "
          "alternating in randomized blocks",
          "schedlab kernels") {
  use_wrapping_help(app);
  app.option_defaults()->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  add_kernels_options(app, texts);
}

}  // namespace schedlab
