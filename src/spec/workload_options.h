#pragma once
#include <map>
#include <string>
#include <vector>

#include "core/param_spec.h"
#include "workloads/workload.h"

namespace schedlab {

// A workload's options as text, checked and resolved by resolve(): the one
// path from text to Params, whether the text comes from the command line
// (cli/workload_command_line.h binds them), from --vary or from a result
// file (spec/run_spec_io.h).  Starts at the declared defaults; a plain value
// (copyable).
class WorkloadOptions {
 public:
  explicit WorkloadOptions(const WorkloadInfo& info);
  // Checks every value (defaults included) and resolves it; throws UsageError.
  Params resolve() const;
  // Overrides one option's text; a flag takes on/off.  Returns false when
  // the workload has no such option.  Throws UsageError for a bad switch.
  bool set_text(const std::string& name, const std::string& value);
  // Overrides a repeatable option or the command; false when there is none.
  bool set_list(const std::string& name, const std::vector<std::string>& values);

  const WorkloadInfo& info() const { return info_; }
  // Where the command line's binding stores each option's text
  // (cli/workload_command_line.cpp): a text, a flag, a list.
  std::string& text_slot(const std::string& name) { return texts_.at(name); }
  bool& flag_slot(const std::string& name) { return flags_.at(name); }
  std::vector<std::string>& list_slot(const std::string& name) { return lists_.at(name); }

 private:

  const WorkloadInfo& info_;
  std::map<std::string, std::string> texts_;
  std::map<std::string, bool> flags_;
  std::map<std::string, std::vector<std::string>> lists_;
};

}  // namespace schedlab
