// `schedlab run WORKLOAD [options]` as typed: which workload, and its
// options parsed by CLI11 into texts our parsers check later.
#include "cli/run_parse.h"

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <algorithm>

#include "cli/run_command_line.h"
#include "core/error.h"

namespace schedlab {

const Workload& find_workload(const WorkloadRegistry& workloads, const std::vector<std::string>& args) {
  if (args.empty() || args.front().empty() || args.front()[0] == '-') {
    std::string names;
    for (const auto& item : workloads.items()) names += (names.empty() ? "" : ", ") + item->info().name;
    throw UsageError("run: missing WORKLOAD; one of " + names + " (see 'schedlab list')");
  }
  if (const Workload* w = workloads.find(args.front())) return *w;
  auto guess = workloads.did_you_mean(args.front());
  throw UsageError(fmt::format("run: unknown workload '{}'{}; see 'schedlab list'", args.front(),
                               guess ? fmt::format(" (did you mean '{}'?)", *guess) : ""));
}

std::pair<std::vector<std::string>, std::vector<std::string>> split_at_dashes(const std::vector<std::string>& args) {
  const auto dash = std::find(args.begin(), args.end(), "--");
  if (dash == args.end()) return {args, {}};
  return {{args.begin(), dash}, {dash + 1, args.end()}};
}

bool parse_or_help(CLI::App& app, std::vector<std::string> args, const std::string& help_command) {
  std::reverse(args.begin(), args.end());  // CLI11 consumes a reversed vector
  try {
    app.parse(args);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) {
      app.exit(e);
      return false;
    }
    throw UsageError(fmt::format("{} (see '{}')", e.what(), help_command));
  }
  return true;
}

std::optional<ParsedRun> parse_run(const Workload& w, const ProbeList& probes, std::vector<std::string> args) {
  RunCommandLine line(w);
  if (!parse_or_help(line.app, std::move(args), "schedlab run " + w.info().name + " --help")) return std::nullopt;
  check_settings(line.settings);
  check_probe_names(probes, line.settings.options.probes);  // the base too, which a --vary may override
  return ParsedRun{line.settings, line.experiment, line.workload_options, line.store, line.lava};
}

std::optional<GuestSpec> parse_guest_spec(const Registries& registries, const std::vector<std::string>& args) {
  const Workload& w = find_workload(registries.workloads, args);
  auto parsed = parse_run(w, registries.probes, {args.begin() + 1, args.end()});
  if (!parsed) return std::nullopt;
  return make_guest_spec(w, registries.probes, std::move(*parsed), args);
}

}  // namespace schedlab
