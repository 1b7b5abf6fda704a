#pragma once
// The commands over the result store: import, export, history, trend.
// StoreCommands registers them on the top-level app and runs the one the
// user chose, so app.cpp needs two lines for all four.
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/store_options.h"

namespace schedlab {

struct ImportArgs {
  std::vector<std::string> files;
  StoreOptionTexts store;
};
struct ExportArgs {
  std::vector<std::string> ids;  // ids or selectors
  std::string json;              // empty: stdout
  bool kcidb = false;            // a KCIDB document instead of a result file (grid/kcidb.h)
  std::string origin;            // --origin, KCIDB's name of the submitting CI system
  StoreOptionTexts store;
};
struct HistoryArgs {
  std::string workload, kernel, host, label, since;
  bool json = false, csv = false;
  StoreOptionTexts store;
};
struct TrendArgs {
  std::string workload, metric, by = "kernel", host;
  bool json = false;
  StoreOptionTexts store;
};

int import_command(const ImportArgs& args);
int export_command(const ExportArgs& args);
int history_command(const HistoryArgs& args);
int trend_command(const TrendArgs& args);

class StoreCommands {
 public:
  explicit StoreCommands(CLI::App& app);
  // The exit status of the store command that was parsed; nullopt when the
  // user chose another command.
  std::optional<int> run() const;

 private:
  CLI::App *import_, *export_, *history_, *trend_;
  ImportArgs import_args_;
  ExportArgs export_args_;
  HistoryArgs history_args_;
  TrendArgs trend_args_;
};

// `compare`'s inputs: result files and store selectors, in order (cli/compare_inputs.cpp).
std::vector<ResultSet> read_compare_inputs(const std::vector<std::string>& inputs, const std::string& store,
                                           const std::string& workload);

}  // namespace schedlab
