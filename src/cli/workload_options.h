#pragma once
#include <map>
#include <string>

#include <CLI/CLI.hpp>

#include "core/param_spec.h"
#include "workloads/workload.h"

namespace schedlab {

// Binds every ParamSpec of a workload as an option of its command.
class WorkloadOptions {
 public:
  WorkloadOptions(CLI::App& app, const WorkloadInfo& info);
  // Checks every value (defaults included) and resolves it; throws UsageError.
  Params resolve() const;

 private:
  const WorkloadInfo& info_;
  std::map<std::string, std::string> texts_;
  std::map<std::string, bool> flags_;
};

}  // namespace schedlab
