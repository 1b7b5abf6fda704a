#pragma once
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "cli/cli_fwd.h"
#include "flows/guest_spec.h"
#include "workloads/builtin.h"

namespace schedlab {

// The workload `args.front()` names; throws UsageError listing the
// workloads (with a guess for a near miss).
const Workload& find_workload(const WorkloadRegistry& workloads, const std::vector<std::string>& args);

// "OPTIONS -- SPEC..." split at the first "--" (kernels, bisect): the
// command's own options, and the spec its guests run (empty without "--").
std::pair<std::vector<std::string>, std::vector<std::string>> split_at_dashes(const std::vector<std::string>& args);

// Parses `args` (a subcommand's words, in order) into `app`'s bindings;
// false when --help was shown.  Throws UsageError with CLI11's message and
// "(see 'HELP_COMMAND')".
bool parse_or_help(CLI::App& app, std::vector<std::string> args, const std::string& help_command);

// Parses the options after WORKLOAD; nullopt when --help was shown.
// Throws UsageError for what CLI11 refuses.  Shared by `run` and by
// `kernels`, which checks the spec its guests will run before booting.
std::optional<ParsedRun> parse_run(const Workload& w, const ProbeList& probes, std::vector<std::string> args);

// The spec a guest runs (`args`: WORKLOAD [options], the words after
// `run`), parsed once with run's own parsers (flows/guest_spec.h).
// nullopt when the spec's --help was shown; UsageError for a bad value.
// The caller refuses the options it owns.
std::optional<GuestSpec> parse_guest_spec(const Registries& registries, const std::vector<std::string>& args);

}  // namespace schedlab
