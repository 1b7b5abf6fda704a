#pragma once
// `schedlab report FILE|@SELECTOR... [-o FILE]`: the comparison as one
// self-contained HTML page with plots (add_report registers it).
#include <string>
#include <vector>

#include "workloads/builtin.h"

namespace schedlab {

struct ReportArgs {
  std::vector<std::string> inputs;  // result files and store selectors
  std::string output = "report.html";  // "-": stdout
  std::string test, alpha = "0.05", metrics, workload, store;  // test "": decided by the design
  bool paired = false, force = false, all = false;
};


int report_command(const ReportArgs& args, const Registries& registries);

}  // namespace schedlab
