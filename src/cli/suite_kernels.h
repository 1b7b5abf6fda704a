#pragma once
#include <string>
#include <utility>
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

// A scenario's words (after `schedlab run`) as each guest runs them, its
// --runs becoming boots of one run each: the words, and the boots.
std::pair<std::vector<std::string>, std::string> scenario_on_kernels(std::vector<std::string> run_args);

// For every variant, its sets on the kernels side by side (mmtests style,
// paired by boot block); `sets` holds the kernels' sets kernel after kernel.
std::string format_kernel_comparisons(const std::vector<ResultSet>& sets, std::size_t kernels,
                                      const Registries& registries);

}  // namespace schedlab
