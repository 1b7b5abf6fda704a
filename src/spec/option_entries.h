#pragma once
// What the two files of entries share (spec/run_option_entries.cpp,
// spec/scenario_option_entries.cpp): the short names their parsers and
// recorders are written in, and the lists run_option_table.cpp gathers.
#include <optional>
#include <string>
#include <vector>

#include "spec/run_option_table.h"

namespace schedlab::option_entries {

using Arity = RunOptionSpec::Arity;
using Json = RunOptionSpec::Json;
using E = const RunOptionSpec&;
using S = RunSettings;
using T = const std::string&;
using Record = std::optional<ordered_json>;

// The entries of each --help group, in its order.
std::vector<RunOptionSpec> run_options();
std::vector<RunOptionSpec> scenario_options();

}  // namespace schedlab::option_entries
