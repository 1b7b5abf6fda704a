#include "cli/suite_kernels.h"

#include <fmt/format.h>

#include <algorithm>

#include "compare/comparison.h"
#include "core/error.h"
#include "guest/kernel_files.h"
#include "report/compare_reporters.h"
#include "sys/proc_files.h"

namespace schedlab {

std::pair<std::vector<std::string>, std::string> scenario_on_kernels(std::vector<std::string> run_args) {
  std::string boots = "5";  // kernels' default, for a scenario without --runs
  if (auto runs = std::find(run_args.begin(), run_args.end(), "--runs"); runs != run_args.end() && runs + 1 != run_args.end()) {
    boots = *(runs + 1);
    *(runs + 1) = "1";
  }
  return {std::move(run_args), boots};
}

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
