#pragma once
#include <map>
#include <string>
#include <vector>

#include "cli/cli_fwd.h"
#include "core/param_spec.h"
#include "workloads/workload.h"

namespace schedlab {

// A workload's options as text, checked and resolved by resolve(): the one
// path from text to Params, whether the text comes from the command line,
// from --vary or from a result file (cli/run_spec_reader.h).  Starts at the
// declared defaults; after parsing it is a plain value (copyable).
class WorkloadOptions {
 public:
  explicit WorkloadOptions(const WorkloadInfo& info);
  // Also binds every ParamSpec as an option of `app`; the object must stay
  // where it is until `app` has parsed.
  WorkloadOptions(CLI::App& app, const WorkloadInfo& info);
  // Checks every value (defaults included) and resolves it; throws UsageError.
  Params resolve() const;
  // Overrides one option's text; a flag takes on/off.  Returns false when
  // the workload has no such option.  Throws UsageError for a bad switch.
  bool set_text(const std::string& name, const std::string& value);
  // Overrides a repeatable option or the command; false when there is none.
  bool set_list(const std::string& name, const std::vector<std::string>& values);

 private:
  void bind(CLI::App& app);

  const WorkloadInfo& info_;
  std::map<std::string, std::string> texts_;
  std::map<std::string, bool> flags_;
  std::map<std::string, std::vector<std::string>> lists_;
};

}  // namespace schedlab
