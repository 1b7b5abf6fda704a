#pragma once
// Every run and scenario option, declared once: the command line binds the
// table (cli/run_options.cpp), --help, the man page, the completions and
// docs/options.md read it from there, --vary applies its values through it,
// the result file's scenario.requested is written and read back from it
// (spec/run_settings.cpp), and the tests walk it.  Adding an option is its
// field in RunOptions or ScenarioRequest, one entry here and the code that
// uses it: the parser, the help, the vary key and the record come with it.
#include <optional>
#include <string>
#include <vector>

#include "spec/run_settings.h"

namespace schedlab {

// The groups of --help, in its order.
inline constexpr const char* kRunGroup = "Run options";
inline constexpr const char* kScenarioGroup = "Scenario options";

struct RunOptionSpec {
  enum class Arity {
    kValue,       // --runs N
    kFlag,        // --quiet (applied with "on")
    kRepeatable,  // --sysctl K=V, applied once per value, in order
    kOptional,    // --wait-idle[=TIME] (applied with "" when bare)
  };
  // How scenario.requested spells a recorded value, hence how the reader
  // turns it back into the text the option takes (null keeps the default).
  enum class Json {
    kText,     // a string or number as the command line spells it: "2x", 7, 12.5
    kSeconds,  // a number of seconds; the option reads a bare number as seconds
    kBool,     // true or false, applied as on/off
    kMap,      // {"KEY": "VALUE"}, applied as KEY=VALUE each (repeatable)
    kList,     // ["A", "B"], applied once each (repeatable)
  };
  // A whole number's bounds, enforced by count_of and stated in the help.
  struct Range {
    int min = 0;
    int max = 0;
  };
  std::string names;  // CLI11 names: "-r,--duration,--runtime"
  std::string value;  // what it takes, for help: "TIME"; "" for a flag
  std::string help;   // what it does; help_text adds the range and the default
  // What a bare number counts: "runs", "%", "Hz", "s" (a TIME's bare number
  // is seconds); "" when nothing.  help_text writes it after the range
  // ("1 to 100000 runs, default 5"); docs/options.md lists it.
  std::string unit;
  std::string group;  // "Run options", "Scenario options"
  std::string default_text;  // "5", "10s"; "" when the default is no value
  std::optional<Range> range;
  Arity arity = Arity::kValue;
  // Parses `text` through the one parser of its type and stores it in `s`;
  // throws UsageError naming `option` (as typed, "--vary KEY" or the
  // result file's field).
  void (*set)(const RunOptionSpec& self, RunSettings& s, const std::string& option, const std::string& text) = nullptr;
  // --vary KEY for it ("cgroup-depth"); "" when it cannot be varied.  A
  // repeatable option's value replaces the entry with the same key.
  std::string vary_key;
  void (*vary)(const RunOptionSpec& self, RunSettings& s, const std::string& option, const std::string& text) = nullptr;
  // The setting's name, by which the layers below the command line name it
  // (option_name); scenario.requested records it under this key (a
  // contract: docs/result-file.md) when `record` is set: the value as JSON,
  // nullopt to leave the key out.
  std::string key;  // "cgroup_depth", "duration_s", "no_wait"
  Json json = Json::kText;
  std::string unset_text;  // the record's word for "not asked" ("unchanged", "inherited"): the default
  std::optional<ordered_json> (*record)(const RunSettings& s) = nullptr;
  std::string example;  // a value other than the default ("on" for a flag), for the tests
  // Part of what a set measured (spec/spec_identity.h): a set with another
  // value measured something else.  Not: how many runs, how busy counts as
  // busy, the probes (evidence beside the measurement), allow-unapplied.
  bool identity = false;
  // What a kernel must have for the control to apply (guest/kernel_needs.h
  // walks the table): each option and what of it the control uses.  Needed
  // when the setting is asked (its record differs from the default's), not
  // under --allow-unapplied, which runs without the control.
  struct KernelOption {
    std::string config;  // "CONFIG_PSI"
    std::string what;    // "cgroup.pressure"
  };
  std::vector<KernelOption> kernel_config;
  // An output file (--json): declared through cli/path_options.h.
  bool output_file = false;
  // The commands whose command line binds it (cli/run_options.cpp binds
  // the entries that name its command).  `kernels`, `bisect` and `lava job`
  // take `run WORKLOAD [options]` after "--": run's command line, not theirs.
  std::vector<std::string> commands = {"run"};

  bool recorded() const { return record != nullptr; }
  void apply(RunSettings& s, const std::string& option, const std::string& text) const { set(*this, s, option, text); }
};

const std::vector<RunOptionSpec>& run_option_specs();

// The option's first long name: "--duration".
std::string long_name(const RunOptionSpec& spec);

// The option of the setting `key` as typed: "--cpus" for "cpus".  How the
// layers below the command line (scenario/, runner/) name a setting in a
// message: passed down as an OptionNameOf (scenario/scenario.h).
std::string option_name(const std::string& key);

// The entry whose key is `key`, or null.
const RunOptionSpec* option_of_key(const std::string& key);

// The help as printed: what it does, then its range and default, with
// its unit ("repetitions (1 to 100000 runs, default 5)").
std::string help_text(const RunOptionSpec& spec);

// Whether `command` binds the entry (it is in spec.commands).
bool taken_by(const RunOptionSpec& spec, const std::string& command);

// A whole number within the entry's range: UsageError naming `option`.
int count_of(const RunOptionSpec& spec, const std::string& option, const std::string& text);

// --vary KEY=VALUE on the settings: the option whose vary_key is KEY;
// false when no run or scenario option has it (a workload option may).
// `table`: a test's is extended (docs/architecture.md's worked example).
bool vary_setting(RunSettings& s, const std::string& key, const std::string& value,
                  const std::vector<RunOptionSpec>& table = run_option_specs());

// The keys --vary takes besides workload options, for messages and help.
std::vector<std::string> vary_keys();

}  // namespace schedlab
