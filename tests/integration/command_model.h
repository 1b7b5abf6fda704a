#pragma once
// The command model (`schedlab --help-model`, the one the man page is made
// from) as the walking tests read it: output_paths_test walks the options
// that write, input_options_test those that read.
#include <gtest/gtest.h>

#include <string>

#include "integration/harness.h"

namespace schedlab::testing {

inline nlohmann::json command_model() {
  const Outcome o = run_schedlab({"--help-model"});
  EXPECT_EQ(o.status, 0) << o.err;
  return nlohmann::json::parse(o.out);
}

// The option's long name ("--json"), else its first (a positional's).
inline std::string long_name(const nlohmann::json& option) {
  for (const auto& n : option.at("names"))
    if (n.get<std::string>().rfind("--", 0) == 0) return n.get<std::string>();
  return option.at("names").front().get<std::string>();
}

}  // namespace schedlab::testing
