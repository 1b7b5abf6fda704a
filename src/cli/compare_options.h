#pragma once
// The option values `compare` and `report` share, checked one way.
#include <string>
#include <utility>

#include "cli/command_options.h"
#include "compare/comparison.h"
#include "stats/significance.h"

namespace schedlab {

// --test: welch, mwu or overlap; throws UsageError naming --test.
stats::TestKind parse_test_kind(const std::string& text);
// --alpha: within its declaration's range (cli/command_options.h); throws
// UsageError naming --alpha.
double parse_alpha(const std::string& text);

// What `compare` and `report` were asked for, checked one way: --test,
// --alpha, --paired, --force, and --metrics (a comma list) or --all, which
// exclude each other.
CompareOptions comparison_options(const std::string& test, const std::string& alpha, bool paired, bool force,
                                  const std::string& metrics, bool all);

// Binds the options compare and report share (their declarations name
// both) to the fields of those names in `a`: their CompareArgs, ReportArgs.
template <typename Args>
void bind_comparison_options(CLI::App& app, const std::string& command, Args& a) {
  for (auto [name, target] : {std::pair{"--workload", &a.workload}, {"--store", &a.store}, {"--test", &a.test},
                              {"--alpha", &a.alpha}, {"--metrics", &a.metrics}})
    bind_option(app, command, name, *target);
  for (auto [name, target] : {std::pair{"--paired", &a.paired}, {"--force", &a.force}, {"--all", &a.all}})
    bind_option(app, command, name, *target);
}

}  // namespace schedlab
