#include "cli/suite_kernels.h"

#include <fmt/format.h>

#include <algorithm>
#include <iostream>

#include "cli/run_parse.h"
#include "compare/comparison.h"
#include "core/error.h"
#include "flows/kernels_request.h"
#include "guest/kernel_files.h"
#include "report/compare_reporters.h"
#include "session/session.h"
#include "sys/affinity.h"
#include "sys/proc_files.h"

namespace schedlab {
namespace {

// A scenario on the kernels: its --runs become boots of one run each (the
// guest's spec says --runs 1), the guests get as many CPUs as this host's
// affinity (the scenarios name CPUs by it), the order is seed 1.
struct ScenarioOnKernels {
  KernelsTexts texts;
  std::vector<std::string> words;  // WORKLOAD [options]: the spec every guest runs
  std::vector<std::string> argv;   // the `schedlab kernels ...` line each set records
};

ScenarioOnKernels on_kernels(std::vector<std::string> run_args, const std::vector<std::string>& kernels, bool trusted,
                             const std::string& json, const StoreOptionTexts& store) {
  ScenarioOnKernels s;
  KernelsTexts& t = s.texts;
  if (auto runs = std::find(run_args.begin(), run_args.end(), "--runs"); runs != run_args.end() && runs + 1 != run_args.end()) {
    t.boots = *(runs + 1);
    *(runs + 1) = "1";
  }
  t.kernels = kernels;
  t.vcpus = std::to_string(sys::affinity_of(0).size());
  t.seed = "1";
  t.quiet = t.force = true;
  t.json = json;
  t.store = store;
  t.trust_kernel = trusted;
  s.argv = {"schedlab", "kernels"};
  if (trusted) s.argv.push_back("--trust-kernel");
  for (const auto& k : kernels) s.argv.insert(s.argv.end(), {"--kernel", k});
  s.argv.insert(s.argv.end(), {"--boots", t.boots, "--vcpus", t.vcpus, "--seed", "1", "--quiet", "--force", "--json", json});
  if (store.no_store) s.argv.push_back("--no-store");
  else if (!store.store.empty()) s.argv.insert(s.argv.end(), {"--store", store.store});
  s.argv.insert(s.argv.end(), {"--", "run"});
  s.argv.insert(s.argv.end(), run_args.begin(), run_args.end());
  s.words = std::move(run_args);
  return s;
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
  const ScenarioOnKernels on = on_kernels(run_args, kernels, trusted, json, store);
  try {
    // Before the initramfs is written to the cache, as kernels does.
    Session session;
    auto spec = parse_guest_spec(registries, on.words);  // the scenario's words, parsed once
    if (!spec) throw std::logic_error("suite " + scenario + ": a scenario asked for --help");
    auto request = make_kernels_request(on.texts, std::move(*spec), on.argv);
    return run_kernels_flow(registries, request, session);
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
