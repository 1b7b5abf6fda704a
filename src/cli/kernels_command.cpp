// `schedlab kernels --kernel NAME=VMLINUZ[:INITRD] ... [options] -- run
// WORKLOAD [options]`: the command line bound to the kernels flow's typed
// request (flows/kernels.h), and the flow called.
#include <algorithm>
#include <iostream>

#include "cli/command.h"
#include "cli/commands.h"
#include "cli/kernels_options.h"
#include "cli/run_parse.h"
#include "core/error.h"
#include "flows/kernels.h"
#include "session/session.h"

namespace schedlab {
namespace {

std::optional<KernelsTexts> parse_options(std::vector<std::string> args) {
  KernelsCommandLine line;
  if (!parse_or_help(line.app, std::move(args), "schedlab kernels --help")) return std::nullopt;
  return line.texts;
}

// --dry-run: the options parsed and the spec checked as a run on this host
// would be (a guest's CPUs and memory are its own: the guest checks again);
// no kernel is read, no initramfs built, no guest started.
int plan_kernels(const Registries& registries, const std::vector<std::string>& spec) {
  std::vector<std::string> run(spec.begin() + (spec.front() == "run" ? 1 : 0), spec.end());
  std::cout << "dry run: the kernels' options parsed; the spec as a run here would be:\n";
  return run_command(registries, with_dry_run(run), {});
}

}  // namespace

int kernels_command(const Registries& registries, const std::vector<std::string>& args,
                    const std::vector<std::string>& argv, bool dry_run) {
  const auto [options, spec] = split_at_dashes(args);
  const auto texts = parse_options(options);
  if (!texts) return 0;  // --help was shown
  if (spec.empty())
    throw UsageError("kernels: missing the spec after '--': schedlab kernels --kernel NAME=VMLINUZ ... -- run "
                     "WORKLOAD [options]");
  if (dry_run) return plan_kernels(registries, spec);
  // Before the initramfs is written to the cache, so that an interrupt
  // unwinds through every guard (a temporary file included) from here on.
  Session session;
  auto guest_spec = parse_kernels_spec(registries, spec);
  if (!guest_spec) return 0;  // the spec's --help was shown
  auto request = make_kernels_request(*texts, std::move(*guest_spec), argv);
  return run_kernels_flow(registries, request, session);
}

Command add_kernels(CLI::App& app, const CommandContext& context) {
  auto* kernels = app.add_subcommand("kernels", "boot kernels in QEMU guests and run a spec in each, boots "
                                                "interleaved: schedlab kernels --kernel NAME=VMLINUZ ... -- run "
                                                "WORKLOAD [options]; see 'schedlab kernels --help'");
  kernels->prefix_command();
  kernels->set_help_flag();  // its --help is KernelsCommandLine's, which knows the options
  return {kernels,
          [kernels, &context] {
            return kernels_command(context.registries(), kernels->remaining(), context.argv, context.dry_run);
          },
          2, true, DryRun::kPlans};
}

}  // namespace schedlab
