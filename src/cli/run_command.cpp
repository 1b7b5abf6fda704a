// `schedlab run WORKLOAD [options]`: the command line bound to the run
// flow's typed request (flows/run.h), and the flow called.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "cli/command.h"
#include "cli/commands.h"
#include "cli/run_parse.h"
#include "spec/seed_option.h"
#include "cli/store_options.h"
#include "flows/run.h"

namespace schedlab {

std::optional<RunRequest> bind_run(const Registries& registries, const std::vector<std::string>& args,
                                   const std::vector<std::string>& argv) {
  const Workload& w = find_workload(registries.workloads, args);
  const auto parsed = parse_run(w, registries.probes, {args.begin() + 1, args.end()});
  if (!parsed) return std::nullopt;  // --help was shown
  std::vector<VaryAxis> axes;
  for (const auto& v : parsed->experiment.vary) axes.push_back(parse_vary(v));
  const std::uint64_t seed = parse_seed_option(parsed->experiment.seed);
  const StoreOptionTexts store = parsed->lava ? lava_store_texts(parsed->store) : parsed->store;
  return RunRequest{&w,   parsed->settings,       *parsed->workload_options, std::move(axes), seed,
                    to_store_choice(store), parsed->lava, argv, ""};
}

std::vector<std::string> with_dry_run(std::vector<std::string> args) {
  args.insert(std::find(args.begin(), args.end(), "--"), "--dry-run");
  return args;
}

int run_command(const Registries& registries, const std::vector<std::string>& args,
                const std::vector<std::string>& argv) {
  const auto request = bind_run(registries, args, argv);
  return request ? run_flow(registries, *request) : 0;
}

Command add_run(CLI::App& app, const CommandContext& context) {
  auto* run = app.add_subcommand("run", "run a workload: schedlab run WORKLOAD [options]; "
                                        "'schedlab run WORKLOAD --help' lists its options");
  run->prefix_command();
  std::vector<std::string> names;
  for (const auto& w : context.workloads.items()) names.push_back(w->info().name);
  run->footer(fmt::format("workloads: {}", fmt::join(names, ", ")));
  return {run,
          [run, &context] {
            auto args = run->remaining();
            return run_command(context.registries(), context.dry_run ? with_dry_run(args) : args, context.argv);
          },
          2, true, DryRun::kPlans};
}

}  // namespace schedlab
