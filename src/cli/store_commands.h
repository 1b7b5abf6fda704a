#pragma once
// The arguments of the commands over the result store: import, export,
// history, trend (each registered by its own file's add_<command>).
#include <string>
#include <vector>

#include "cli/cli_fwd.h"
#include "cli/store_options.h"
#include "grid/kcidb_checkout.h"

namespace schedlab {

struct ImportArgs {
  std::vector<std::string> files;
  StoreOptionTexts store;
};
struct ExportArgs {
  std::vector<std::string> ids;  // ids or selectors
  std::string json;              // empty: stdout
  bool force = false;            // replace an existing --json file
  bool kcidb = false;            // a KCIDB document instead of a result file (grid/kcidb.h)
  std::string origin;            // --origin, KCIDB's name of the submitting CI system
  grid::CheckoutIdentity checkout;  // --tree-name, --git-url, --branch, --commit
  std::string git_tree;             // --git-tree: the kernel's git tree, read for the rest
  StoreOptionTexts store;
};
struct HistoryArgs {
  std::string workload, kernel, host, label, since, style, spec;
  bool json = false, csv = false;
  StoreOptionTexts store;
};
struct TrendArgs {
  std::string workload, metric, by = "kernel", host, style, spec;
  bool json = false;
  StoreOptionTexts store;
};

int import_command(const ImportArgs& args, const WorkloadRegistry& workloads);
int export_command(const ExportArgs& args, const WorkloadRegistry& workloads);
int history_command(const HistoryArgs& args, const WorkloadRegistry& workloads);
int trend_command(const TrendArgs& args, const WorkloadRegistry& workloads);


// `compare`'s inputs: result files and store selectors, in order (cli/compare_inputs.cpp).
std::vector<ResultSet> read_compare_inputs(const std::vector<std::string>& inputs, const std::string& store,
                                           const std::string& workload, const WorkloadRegistry& workloads);

}  // namespace schedlab
