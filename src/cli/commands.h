#pragma once
#include <string>
#include <vector>

#include "cli/store_options.h"
#include "workloads/builtin.h"

namespace schedlab {

// Each subcommand: parse its own arguments (in order, without the
// subcommand word), do the work, return the exit status.  Errors are thrown
// as schedlab::Error / Interrupted and mapped by run_app().
// `argv` is the command line recorded in every result set (for `suite`, the
// `schedlab run ...` line that reproduces the set).
int run_command(const WorkloadRegistry& workloads, const std::vector<std::string>& args,
                const std::vector<std::string>& argv);
int list_command(const WorkloadRegistry& workloads);
int list_probes_command();  // `list --probes`
int env_command(bool json);
int restore_command();
int suite_command(const WorkloadRegistry& workloads, const std::string& name, const std::string& scale,
                  const std::string& json_dir, const StoreOptionTexts& store);
// `schedlab check` as typed (checked by check_command itself: its bad
// input exits 255, not 2, so that git bisect run stops).
struct CheckOptions {
  std::string baseline, bad, threshold = "5", max_runs = "15", json;
  bool trust_baseline = false;  // run a baseline's command, sysctls and sched features
  bool no_wait = false;
  StoreOptionTexts store;
};
int check_command(const WorkloadRegistry& workloads, const CheckOptions& options,
                  const std::vector<std::string>& argv);
int compare_command(const std::vector<std::string>& files, const std::string& style,
                    const std::string& test, const std::string& alpha, bool paired,
                    const std::string& metrics, bool force, const std::string& store,
                    const std::string& workload);
// Restores what dead runs left behind, saying so on stderr; false when
// something could not be restored.
bool restore_leftovers();
// For read-only commands: one line on stderr when dead runs left journals
// behind (`schedlab restore` undoes them); changes nothing.
void hint_leftovers();

// The top level: `schedlab SUBCOMMAND ...`.
int run_app(int argc, char** argv);

}  // namespace schedlab
