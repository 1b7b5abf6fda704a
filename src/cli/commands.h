#pragma once
#include <string>
#include <vector>

#include "cli/store_options.h"
#include "workloads/builtin.h"

namespace schedlab {

// Each subcommand: parse its own arguments (in order, without the
// subcommand word), do the work, return the exit status.  Errors are thrown
// as schedlab::Error / Interrupted and mapped by run_app().
int run_command(const WorkloadRegistry& workloads, const std::vector<std::string>& args);
int list_command(const WorkloadRegistry& workloads);
int env_command(bool json);
int restore_command();
int suite_command(const WorkloadRegistry& workloads, const std::string& name, const std::string& scale,
                  const std::string& json_dir, const StoreOptionTexts& store);
int check_command(const WorkloadRegistry& workloads, const std::string& baseline, const std::string& bad,
                  const std::string& threshold, const std::string& max_runs, const std::string& json,
                  const StoreOptionTexts& store);
int compare_command(const std::vector<std::string>& files, const std::string& style,
                    const std::string& test, const std::string& alpha, bool paired,
                    const std::string& metrics, bool force, const std::string& store,
                    const std::string& workload);
// Restores what dead runs left behind, saying so on stderr; false when
// something could not be restored.
bool restore_leftovers();

// The top level: `schedlab SUBCOMMAND ...`.
int run_app(int argc, char** argv);

}  // namespace schedlab
