#pragma once
#include <map>
#include <string>

#include <CLI/CLI.hpp>

#include "core/param_spec.h"
#include "workloads/workload.h"

namespace schedlab {

// Binds every ParamSpec of a workload as an option of its command.  After
// parsing it is a plain value (copyable, no longer tied to CLI11).
class WorkloadOptions {
 public:
  WorkloadOptions(CLI::App& app, const WorkloadInfo& info);
  // Checks every value (defaults included) and resolves it; throws UsageError.
  Params resolve() const;
  // Overrides one option's text (--vary); a flag takes on/off.  Returns false
  // when the workload has no such option.  Throws UsageError for a bad switch.
  bool set_text(const std::string& name, const std::string& value);

 private:
  const WorkloadInfo& info_;
  std::map<std::string, std::string> texts_;
  std::map<std::string, bool> flags_;
  std::map<std::string, std::vector<std::string>> lists_;
};

}  // namespace schedlab
