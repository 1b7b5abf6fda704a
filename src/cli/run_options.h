#pragma once
// The run and scenario options on a command line: the table of
// spec/run_option_table.h bound to CLI11, each option parsed straight into
// the typed settings by its one parser.
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "flows/run_texts.h"
#include "spec/run_option_table.h"

namespace schedlab {

// Adds the run and scenario options of the table that `command` takes
// (RunOptionSpec::commands), and --vary/--seed, to a workload's command;
// `settings` and `experiment` must stay put until `app` has parsed.  The
// table is spec/run_option_table.h's unless one is given (a test's,
// extended: docs/architecture.md's worked example); it too must stay put
// until `app` has parsed.
void add_run_options(CLI::App& app, const std::string& command, RunSettings& settings, ExperimentTexts& experiment);
void add_run_options(CLI::App& app, const std::string& command, RunSettings& settings, ExperimentTexts& experiment,
                     const std::vector<RunOptionSpec>& table);

}  // namespace schedlab
