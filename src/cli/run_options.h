#pragma once
// The run and scenario options on a command line: the table of
// spec/run_option_table.h bound to CLI11, each option parsed straight into
// the typed settings by its one parser.
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "flows/run_texts.h"

namespace schedlab {

// Adds every run and scenario option of the table, and --vary/--seed, to a
// workload's command; `settings` and `experiment` must stay put until
// `app` has parsed.
void add_run_options(CLI::App& app, RunSettings& settings, ExperimentTexts& experiment);

}  // namespace schedlab
