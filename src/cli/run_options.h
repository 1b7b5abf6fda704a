#pragma once
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "runner/run_options.h"
#include "scenario/scenario.h"

namespace schedlab {

// The run and scenario options as typed by the user; CLI11 binds to these
// strings and to_run_options()/to_scenario() check them with our parsers,
// so every bad value gets the same one-line message.  Copyable: --vary makes
// one copy per variant and overrides fields (cli/vary.h).
struct RunOptionTexts {
  std::string runs = "5";
  std::string duration;
  std::string warmup = "0";
  std::string warmup_runs = "0";
  std::string busy_threshold = "5";
  std::string wait_idle;        // "" = do not wait; a duration = the longest wait
  bool wait_idle_given = false;
  bool no_wait = false;
  bool force = false, append = false;
  std::string json;
  bool json_given = false;
  std::string label;
  bool quiet = false;
  bool lava = false;  // --lava: report to LAVA's test shell (grid/lava_report.h)
  std::string probes = "default";  // --probes LIST|all|none
  std::string copies = "1";
  std::string cpus;
  bool cpus_given = false;
  bool pin_copies = false;
  std::string cgroup_depth = "0";
  std::string cgroup_parent = "/";
  std::string psi;        // "" = leave cgroup.pressure alone
  std::string autogroup;  // "" = leave the sysctl alone
  bool setsid = false;
  std::vector<std::string> sysctls;         // KEY=VALUE
  std::vector<std::string> sched_features;  // NAME | NO_NAME
  std::string policy;
  std::string nice;
  bool allow_unapplied = false;
  std::vector<std::string> vary;            // KEY=V1,V2,...
  std::string seed;
};

// Adds the run options (--runs, --duration, ...), the scenario options
// (--copies, --cpus, --cgroup-depth, ...) and --vary/--seed to a workload's
// command.
void add_run_options(CLI::App& app, RunOptionTexts& texts);

// Throw UsageError on bad values.
RunOptions to_run_options(const RunOptionTexts& texts);
ScenarioRequest to_scenario(const RunOptionTexts& texts);

// Parses on/off, true/false, yes/no, 1/0 for flag values given to --vary.
bool parse_switch(const std::string& option, const std::string& text);

}  // namespace schedlab
