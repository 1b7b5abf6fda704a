#include "input/input_list.h"

#include <algorithm>

namespace schedlab::input {

const std::vector<OptionInput>& option_inputs() {
  static const std::vector<OptionInput> kList = {
      {"check", "--baseline", Content::kResultJson, &kResultFile},
      {"check", "--bad", Content::kResultJson, &kResultFile},
      {"check", "--kernel", Content::kBytes, &kKernelImage},
      {"check", "--good-kernel", Content::kBytes, &kKernelImage},
      {"check", "--config", Content::kBytes, &kKernelConfig},
      {"check", "--interleave", Content::kRun, nullptr},
      {"compare", "files", Content::kResultJson, &kResultFile},
      {"report", "inputs", Content::kResultJson, &kResultFile},
      {"plan", "--from", Content::kResultJson, &kResultFile},
      {"import", "files", Content::kResultJson, &kResultFile},
      {"kernels", "--kernel", Content::kBytes, &kKernelImage},
      {"kernels", "--config", Content::kBytes, &kKernelConfig},
      {"kernels", "--guest-schedlab", Content::kBytes, &kProgram},
      {"kernels", "--guest-busybox", Content::kBytes, &kProgram},
      {"lava ramdisk", "--guest-schedlab", Content::kBytes, &kProgram},
      {"lava ramdisk", "--guest-busybox", Content::kBytes, &kProgram},
      {"suite", "--kernels", Content::kBytes, &kKernelImage},
      {"bisect", "--config", Content::kBytes, &kKernelConfig},  // handed to the kernel's merge_config.sh
      {"bisect", "--tree", Content::kRun, nullptr},  // a git tree: driven by git, never read by schedlab
      {"export", "--git-tree", Content::kRun, nullptr},  // the same: git reads it
      {"lava job", "--template", Content::kTemplateYaml, &kTemplate},
      // URLs written into the job for LAVA to fetch; schedlab never fetches them.
      {"lava job", "--kernel", Content::kUrl, nullptr},
      {"lava job", "--ramdisk", Content::kUrl, nullptr},
      {"lava job", "--file", Content::kBytes, &kDeployedFile},  // hashed for the sha256sum beside its URL
      {"lava collect", "job", Content::kLavaLogYaml, &kLavaLog},
      {"lava collect", "--server", Content::kUrl, nullptr},
      {"lava ramdisk", "--add", Content::kBytes, &kRamdiskInput},
      {"*", "--store", Content::kUrl, nullptr},
  };
  return kList;
}

const OptionInput* find_option_input(const std::string& command, const std::string& option) {
  const auto& list = option_inputs();
  const auto it = std::find_if(list.begin(), list.end(), [&](const OptionInput& i) {
    return (i.command == command || i.command == "*") && i.option == option;
  });
  return it == list.end() ? nullptr : &*it;
}

}  // namespace schedlab::input
