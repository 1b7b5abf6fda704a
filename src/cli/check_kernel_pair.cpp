// `check --kernel STEP --good-kernel GOOD`: the baseline read, its spec
// parsed once with run's parsers, the step judge called.
#include "cli/check_kernel_pair.h"

#include <fmt/format.h>

#include <algorithm>
#include <iostream>
#include <optional>

#include "check/verdict.h"
#include "cli/check_kernel.h"
#include "cli/run_parse.h"
#include "core/error.h"
#include "flows/check_flow.h"
#include "session/session.h"
#include "store/result_file.h"

namespace schedlab {
namespace {

// The baseline's spec as its guests ran it: `kernels`' words after "--".
std::vector<std::string> baseline_run_args(const ResultSet& set, const std::string& path) {
  std::vector<std::string> args;
  for (const auto& a : set.guest.value("run_args", ordered_json::array()))
    if (a.is_string()) args.push_back(a.get<std::string>());
  if (args.size() < 2 || args.front() != "run")
    throw UsageError(fmt::format("--baseline: {} does not say what its guests ran (guest.run_args); record it "
                                 "with schedlab kernels --kernel good=VMLINUZ -- run WORKLOAD ...", path));
  if (std::find(args.begin(), args.end(), "--vary") != args.end())
    throw UsageError(fmt::format("--baseline: {} was measured with --vary: a bisect step judges one spec; record "
                                 "the good kernel's baseline without --vary", path));
  return args;
}

// The shape (into `c`) and the spec from the baseline's guest block.  Its
// values do not enter the decision.
GuestSpec from_baseline(const Registries& registries, const std::string& baseline, const std::string& clock,
                        KernelPairCheck& c) {
  const ResultFile file = read_result_file(baseline, registries.workloads);
  const ResultSet& set = baseline_guest_set(file, baseline);
  const auto run_args = baseline_run_args(set, baseline);
  c.shape = baseline_shape_texts(set.guest);
  baseline_guest_shape(set.guest);  // the shape, checked against this host
  if (!clock.empty()) c.shape.clock = clock;
  auto spec = parse_guest_spec(registries, {run_args.begin() + 1, run_args.end()});
  if (!spec) throw UsageError("the spec: a bisect step judges one spec (no --vary, no --help)");
  return std::move(*spec);
}

void say_bad_input(const std::exception& e) {
  std::cerr << "schedlab: " << e.what() << " (check exits 255 so that git bisect run stops)\n";
}

}  // namespace

int check_kernel_pair(const Registries& registries, KernelPairCheck c, const std::string& baseline,
                      const std::string& clock) {
  std::optional<GuestSpec> spec;
  PairPlan p;
  try {
    check_pair_kernels(c);
    spec.emplace(from_baseline(registries, baseline, clock, c));
    p = plan_kernel_pair(c, *spec);
    if (c.dry_run) {
      print_pair_plan(c, *spec, p);
      return 0;
    }
  } catch (const Interrupted&) {
    throw;
  } catch (const std::exception& e) {
    say_bad_input(e);
    return kCheckUsageExit;
  }
  try {
    Session session;
    return judge_planned_pair(registries.workloads, c, *spec, p, session).exit;
  } catch (const Interrupted&) {
    throw;
  } catch (const UsageError& e) {
    say_bad_input(e);
    return kCheckUsageExit;
  } catch (const std::exception& e) {
    std::cout << "skip: " << e.what() << "\n";
    return kCheckSkipExit;
  }
}

}  // namespace schedlab
