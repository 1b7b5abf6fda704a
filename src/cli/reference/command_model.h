#pragma once
// The command line as data, read from the CLI11 apps that parse it and the
// workloads' ParamSpecs: what the man page and the shell completions are
// generated from, so neither can drift from what schedlab accepts.
#include <string>
#include <vector>

#include "cli/cli_fwd.h"
#include "workloads/builtin.h"

namespace schedlab::reference {

struct OptionDoc {
  std::vector<std::string> names;     // "-r", "--duration", "--runtime"; a positional's name
  std::string value;                  // what it takes ("TIME", "FILE..."); "" for a flag
  std::string help;
  std::string group;                  // "Run options", ...; "" for a command's own
  std::vector<std::string> choices;   // the literal values it takes, when it says
  bool positional = false;
  bool takes_path = false;            // complete file names for its value
  // What schedlab does with the path (cli/path_options.h): "input",
  // "output-file", "output-file-ours", "output-dir"; "program" for a
  // workload's program or command; "" for other options.
  std::string path_role;
  bool repeatable = false;            // --sysctl, --vary: given as often as needed
};

struct CommandDoc {
  std::string name;                   // "compare"; "run spawn" for a workload; "lava job" for a subcommand's
  std::string summary;
  std::vector<OptionDoc> options;     // --help excluded
};

struct WorkloadDoc {
  CommandDoc command;                 // `run NAME` with every option it takes
  std::string name, reproduces;
  std::vector<MetricSpec> metrics;
  std::string primary_metric;
};

struct CliDoc {
  std::string summary;
  std::vector<CommandDoc> commands;   // in the order `schedlab --help` lists them, each command's own
                                      // subcommands ("lava job") right after it
  std::vector<WorkloadDoc> workloads;
};

// Reads the top-level app (its subcommands and their options) and, for
// `run`, each workload's command line (cli/run_command_line.h).
CliDoc describe_cli(const CLI::App& app, const WorkloadRegistry& workloads);

}  // namespace schedlab::reference
