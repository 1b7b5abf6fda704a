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

const std::vector<std::string>& document_inputs() {
  static const std::vector<std::string> kList = {
      "result file: parse_result_text (256 MiB, 256 levels; values in their ranges)",
      "journal: parse_json_document (16 MiB, 256 levels)",
      "LAVA job template: load_yaml_document (1 MiB, 64 levels, 100000 nodes)",
      "LAVA log record: load_yaml_document (one line, 64 levels, 100000 nodes)",
      "LAVA job definition: load_yaml_document (1 MiB, 64 levels, 100000 nodes)",
      "result block header and body: parse_json_document, inflate_zlib (256 MiB, 1000:1)",
      "profile stacks: inflate_zlib (256 MiB, 1000:1)",
      "guest evidence and result file: parse_json_document (256 MiB)",
      "KVM probe cache: read_named_file, parse_json_document (64 KiB)",
      "/proc/config.gz: inflate_zlib gzip (16 MiB)",
      "bisect state (.git/schedlab-bisect.json): read_optional_file, parse_json_document (16 MiB)",
      "a bisect step's build log (its last line names --build-cmd's image): read_optional_file (64 MiB)",
  };
  return kList;
}

const std::vector<std::string>& network_inputs() {
  static const std::vector<std::string> kList = {
      "LAVA GET jobs/ID/: http_get (512 MiB, 5 redirects, time limit), a JSON object",
      "LAVA GET jobs/ID/logs/: http_get (512 MiB, 5 redirects, time limit), YAML records",
  };
  return kList;
}

const std::vector<std::string>& store_inputs() {
  static const std::vector<std::string> kList = {
      "set_json: text_cell (256 MiB, UTF-8), parse_result_text",
      "created: text_cell",
      "whole-number columns: int_cell / parse_whole_number",
      "real-number columns: number_cell / parse_real (finite)",
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
