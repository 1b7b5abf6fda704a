#include "cli/reference/reference_output.h"

#include <CLI/CLI.hpp>
#include <iostream>
#include <string>

#include "cli/reference/completions.h"
#include "cli/reference/man_page.h"
#include "core/error.h"
#include "core/version.h"

namespace schedlab::reference {

std::optional<int> print_reference(const CLI::App& app, const WorkloadRegistry& workloads, int argc,
                                   char** argv) {
  const std::string first = argc > 1 ? argv[1] : "";
  if (first != "--help-man" && first != "--completion") return std::nullopt;
  const std::string shell = argc > 2 ? argv[2] : "";
  if (first == "--completion" && shell != "bash" && shell != "zsh")
    throw UsageError("--completion", shell, "bash or zsh");
  const CliDoc doc = describe_cli(app, workloads);
  if (first == "--help-man") std::cout << man_page(doc, tool_version());
  else std::cout << (shell == "bash" ? bash_completion(doc) : zsh_completion(doc));
  return 0;
}

}  // namespace schedlab::reference
