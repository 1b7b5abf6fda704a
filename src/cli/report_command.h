#pragma once
// `schedlab report FILE|@SELECTOR... [-o FILE]`: the comparison as one
// self-contained HTML page with plots.  Registers itself on the top-level
// app, so app.cpp needs two lines for it.
#include <optional>
#include <string>
#include <vector>

#include "cli/cli_fwd.h"

namespace schedlab {

struct ReportArgs {
  std::vector<std::string> inputs;  // result files and store selectors
  std::string output = "report.html";  // "-": stdout
  std::string test = "welch", alpha = "0.05", metrics, workload, store;
  bool paired = false, force = false, all = false;
};

class ReportCommand {
 public:
  explicit ReportCommand(CLI::App& app);
  // The exit status when `report` was the command; nullopt otherwise.
  std::optional<int> run() const;

 private:
  CLI::App* command_;
  ReportArgs args_;
};

int report_command(const ReportArgs& args);

}  // namespace schedlab
