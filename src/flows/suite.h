#pragma once
// `schedlab suite`: a named bundle of scenarios, each one run of the run
// flow on this host, or of the kernels flow on --kernels.  cli/suite_command.cpp
// binds every scenario's words to its typed request before the first runs
// (a bad one is one line, nothing measured) and turns what the flow
// reports into text; this is the loop between.
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "core/error.h"
#include "flows/guest_spec.h"
#include "flows/run.h"
#include "flows/store_texts.h"
#include "workloads/builtin.h"

namespace schedlab {

// One scenario, bound.
struct SuiteScenario {
  std::string name;                // its result file's stem: NAME.json
  RunRequest request;              // on this host
  std::optional<GuestSpec> guest;  // on --kernels: the spec each guest runs (one run per boot)
  std::string boots = "1";         // on --kernels: the scenario's --runs, as boots
};

struct SuiteRequest {
  std::vector<SuiteScenario> scenarios;
  std::string json_dir;             // where the result files go; "" a scratch directory, removed at the end
  StoreOptionTexts store;           // where every set goes besides (under --lava, lava_store_texts')
  bool lava = false;                // and to LAVA's test cases, named after the scenario (this host only)
  std::vector<std::string> kernels;  // --kernels: [NAME=]VMLINUZ[:INITRD] each, checked; empty on this host
  bool trust_kernel = false;
};

// What the flow tells its caller, scenario by scenario.
class SuiteObserver {
 public:
  virtual ~SuiteObserver() = default;
  // Before scenario `i`; `eta_after_s`: what the scenarios after it should
  // take.  Returns how its run shows progress.
  virtual RunPresentation starting(std::size_t i, double eta_after_s) = 0;
  // Scenario `i` failed with `error` (the suite goes on); an interrupt ends
  // the suite instead.
  virtual void failed(std::size_t i, const Error& error) = 0;
  // Scenario `i` ended; `file` holds the sets it wrote, "" when it wrote
  // none (an older file of the --json directory is not its).
  virtual void finished(std::size_t i, const std::string& file) = 0;
};

// Runs every scenario in order; returns the worst exit status.
int run_suite_flow(const Registries& registries, const SuiteRequest& request, SuiteObserver& observer);

}  // namespace schedlab
