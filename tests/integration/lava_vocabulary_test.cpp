// src/grid/lava_vocabulary.cpp against the lava-common installed here:
// schedlab refuses a template LAVA would refuse, and no more, for as long
// as the two lists agree (a newer lava-common with a new method fails this
// test, which says which names to add).
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>

#include "grid/lava_vocabulary.h"
#include "integration/grid_support.h"
#include "integration/harness.h"
#include "support/skip.h"

namespace schedlab::testing {
namespace {

std::string line_of(const std::string& kind, std::vector<std::string> names) {
  std::sort(names.begin(), names.end());
  std::string line = kind;
  for (const auto& n : names) line += " " + n;
  return line;
}

TEST(LavaVocabulary, TheListsAreLavaCommonsOwn) {
  std::string out;
  const int status = run_program({"/usr/bin/python3", grid_script("lava_vocabulary.py")}, &out);
  if (status == 3) SCHEDLAB_SKIP(kValidators) << "needs Debian's lava-common: " << out;
  ASSERT_EQ(status, 0) << out;
  std::istringstream lines(out);
  std::string context, deploy, boot;
  std::getline(lines, context);
  std::getline(lines, deploy);
  std::getline(lines, boot);
  EXPECT_EQ(context, line_of("context", grid::lava_context_variables()));
  EXPECT_EQ(deploy, line_of("deploy", grid::lava_deploy_methods()));
  EXPECT_EQ(boot, line_of("boot", grid::lava_boot_methods()));
}

}  // namespace
}  // namespace schedlab::testing
