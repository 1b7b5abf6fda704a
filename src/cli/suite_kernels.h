#pragma once
#include <string>
#include <vector>

#include "flows/store_texts.h"
#include "core/result.h"
#include "workloads/builtin.h"

namespace schedlab {

// `schedlab suite lkml --kernels A,B`: every scenario of the suite run by
// `schedlab kernels` on those kernels, its --runs becoming boots (one run
// of every variant per boot), then each variant compared across kernels.

// The kernels of --kernels ([NAME=]VMLINUZ[:INITRD],...); empty when not
// given.  Throws UsageError: only for lkml, at least two kernels, each an
// image `kernels --kernel` would take (`trusted`: --trust-kernel) — checked
// before the first scenario, so a bad one is one line, not one per scenario.
std::vector<std::string> suite_kernels(const std::string& suite, const std::string& text, bool trusted,
                                       bool dry_run = false);

// Runs one scenario (`run_args`: the words after `schedlab run`) on the
// kernels, writing `json`; returns the exit status (an error is printed
// naming `scenario`, an interrupt is rethrown).
int run_scenario_on_kernels(const Registries& registries, const std::string& scenario,
                            const std::vector<std::string>& run_args, const std::vector<std::string>& kernels,
                            bool trusted,
                            const std::string& json, const StoreOptionTexts& store);

// For every variant, its sets on the kernels side by side (mmtests style,
// paired by boot block); `sets` holds the kernels' sets kernel after kernel.
std::string format_kernel_comparisons(const std::vector<ResultSet>& sets, std::size_t kernels,
                                      const Registries& registries);

}  // namespace schedlab
