#pragma once
// Every run and scenario option, declared once: the command line binds the
// table (cli/run_options.cpp), --help, the man page and the completions read
// it from there, --vary applies its values through it, and the round-trip
// test sets every recorded option from it.  Adding an option is one entry
// here and its field: the parser, the help, the vary key and the record come
// with it.
#include <string>
#include <vector>

#include "spec/run_settings.h"

namespace schedlab {

struct RunOptionSpec {
  enum class Arity {
    kValue,       // --runs N
    kFlag,        // --quiet (applied with "on")
    kRepeatable,  // --sysctl K=V, applied once per value, in order
    kOptional,    // --wait-idle[=TIME] (applied with "" when bare)
  };
  std::string names;  // CLI11 names: "-r,--duration,--runtime"
  std::string value;  // what it takes, for help: "TIME"; "" for a flag
  std::string help;
  std::string group;  // "Run options", "Scenario options"
  Arity arity = Arity::kValue;
  // Parses `text` through the one parser of its type and stores it in `s`;
  // throws UsageError naming `option` (as typed, or "--vary KEY").
  void (*apply)(RunSettings& s, const std::string& option, const std::string& text) = nullptr;
  // --vary KEY for it ("cgroup-depth"); "" when it cannot be varied.  A
  // repeatable option's value replaces the entry with the same key.
  std::string vary_key;
  void (*vary)(RunSettings& s, const std::string& option, const std::string& text) = nullptr;
  // Written into scenario.requested under `key` and read back by check
  // (to_json and from_json of RunSettings): the round-trip test sets
  // `example` for each.
  bool recorded = false;
  std::string key;      // "cgroup_depth", "duration_s"
  std::string example;  // a value other than the default ("on" for a flag)
  // Part of what a set measured (spec/spec_identity.h): a set with another
  // value measured something else.  Not: how many runs, how busy counts as
  // busy, the probes (evidence beside the measurement), allow-unapplied.
  bool identity = false;
  // An output file (--json): declared through cli/path_options.h.
  bool output_file = false;
};

const std::vector<RunOptionSpec>& run_option_specs();

// The option's first long name: "--duration".
std::string long_name(const RunOptionSpec& spec);

// --vary KEY=VALUE on the settings: the option whose vary_key is KEY;
// false when no run or scenario option has it (a workload option may).
bool vary_setting(RunSettings& s, const std::string& key, const std::string& value);

// The keys --vary takes besides workload options, for messages and help.
std::vector<std::string> vary_keys();

}  // namespace schedlab
