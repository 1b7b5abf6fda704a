#include "cli/suite_kernels.h"

#include <fmt/format.h>

#include <algorithm>
#include <iostream>

#include "cli/commands.h"
#include "compare/comparison.h"
#include "core/error.h"
#include "guest/kernel_files.h"
#include "report/compare_reporters.h"
#include "sys/affinity.h"
#include "sys/proc_files.h"

namespace schedlab {
namespace {

// `kernels` arguments for a scenario: its --runs become boots of one run each.
std::vector<std::string> kernels_arguments(std::vector<std::string> run_args, const std::vector<std::string>& kernels,
                                           const std::string& json, const StoreOptionTexts& store) {
  std::string boots = "5";
  if (auto runs = std::find(run_args.begin(), run_args.end(), "--runs"); runs != run_args.end() && runs + 1 != run_args.end()) {
    boots = *(runs + 1);
    *(runs + 1) = "1";
  }
  std::vector<std::string> args;
  for (const auto& k : kernels) args.insert(args.end(), {"--kernel", k});
  // The scenarios name CPUs by this host's affinity: the guest gets as many.
  args.insert(args.end(), {"--boots", boots, "--vcpus", std::to_string(sys::affinity_of(0).size()), "--seed", "1",
                           "--quiet", "--force", "--json", json});
  for (const auto& s : store_arguments(store)) args.push_back(s);
  args.push_back("--");
  args.push_back("run");
  args.insert(args.end(), run_args.begin(), run_args.end());
  return args;
}

}  // namespace

std::vector<std::string> suite_kernels(const std::string& suite, const std::string& text, bool trusted,
                                       bool dry_run) {
  if (text.empty()) return {};
  if (suite != "lkml") throw UsageError("--kernels", text, "suite lkml (the quick suite runs on this host)");
  auto kernels = sys::split(text, ",");
  if (kernels.size() < 2) throw UsageError("--kernels", text, "two or more kernels, A,B: [NAME=]VMLINUZ[:INITRD] each");
  for (const auto& k : kernels) {  // a dry run reads no kernel, as kernels --dry-run
    const auto arg = guest::parse_kernel_arg("--kernels", k);
    if (!dry_run) guest::locate_kernel("--kernels", arg, trusted);
  }
  return kernels;
}

int run_scenario_on_kernels(const Registries& registries, const std::string& scenario,
                            const std::vector<std::string>& run_args, const std::vector<std::string>& kernels,
                            bool trusted,
                            const std::string& json, const StoreOptionTexts& store) {
  auto args = kernels_arguments(run_args, kernels, json, store);
  if (trusted) args.insert(args.begin(), "--trust-kernel");
  std::vector<std::string> argv = {"schedlab", "kernels"};
  argv.insert(argv.end(), args.begin(), args.end());
  try {
    return kernels_command(registries, args, argv);
  } catch (const Interrupted&) {
    throw;
  } catch (const Error& e) {
    std::cerr << fmt::format("schedlab suite: {}: {}\n", scenario, e.what());
    return static_cast<int>(e.status());
  }
}

std::string format_kernel_comparisons(const std::vector<ResultSet>& sets, std::size_t kernels,
                                      const Registries& registries) {
  const std::size_t variants = kernels == 0 ? 0 : sets.size() / kernels;
  std::string out;
  const CompareOptions o;  // boots interleaved: paired by block (decide_test)
  for (std::size_t v = 0; v < variants; ++v) {
    std::vector<ResultSet> side_by_side;
    for (std::size_t k = 0; k < kernels; ++k) side_by_side.push_back(sets[k * variants + v]);
    const std::string& label = side_by_side.front().label;
    const auto space = label.find(' ');
    if (space != std::string::npos) out += fmt::format("-- {}\n", label.substr(space + 1));
    out += format_mmtests(build_comparison(side_by_side, o, registries));
  }
  return out;
}

}  // namespace schedlab
