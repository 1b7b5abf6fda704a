#pragma once
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "runner/run_options.h"
#include "scenario/scenario.h"

namespace schedlab {

// The run and scenario options as typed by the user; CLI11 binds to these
// strings and to_run_options()/to_scenario() check them with our parsers,
// so every bad value gets the same one-line message.
struct RunOptionTexts {
  std::string runs = "5";
  std::string duration;
  std::string warmup = "0";
  std::string json;
  std::string label;
  bool quiet = false;
  std::string copies = "1";
  std::string cpus;
  bool cpus_given = false;
};

// Adds the run options (--runs, --duration, ...) and the scenario options
// (--copies, --cpus) to a workload's command.
void add_run_options(CLI::App& app, RunOptionTexts& texts);

// Throw UsageError on bad values.
RunOptions to_run_options(const RunOptionTexts& texts);
ScenarioRequest to_scenario(const RunOptionTexts& texts);

}  // namespace schedlab
