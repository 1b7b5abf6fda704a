#pragma once
// The list of every option that names a file or URL (issue 30), with the
// limit its file is read under; docs/security.md's table says the limits
// of every input, documents, network answers and store rows included.  The
// walking test (tests/integration/input_options_test.cpp) feeds each
// option a hostile corpus, and fails for an option of the command line
// that takes a file or URL and is not listed here.
#include <string>
#include <vector>

#include "input/limits.h"

namespace schedlab::input {

// What the bytes of an option's file are, for the hostile corpus.
enum class Content {
  kResultJson,   // a schedlab result file (JSON)
  kTemplateYaml, // a LAVA job template (YAML)
  kLavaLogYaml,  // a LAVA job log (YAML records)
  kBytes,        // carried or booted as they are (a file for the ramdisk, a kernel image)
  kRun,          // run or driven, never read (check --interleave's GOOD program, bisect's git tree)
  kUrl,          // a URL: the answers are listed under network_inputs()
};

struct OptionInput {
  std::string command;  // "check", "lava ramdisk"; "*" for an option every command that has it shares
  std::string option;   // "--baseline"; a positional's name ("files")
  Content content;
  const FileKind* kind;  // the limit its file is read under; nullptr for a URL or a program
};

const std::vector<OptionInput>& option_inputs();

// The entry for `option` of `command`, or nullptr when it is not listed.
const OptionInput* find_option_input(const std::string& command, const std::string& option);

}  // namespace schedlab::input
