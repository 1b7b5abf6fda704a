#pragma once
// Golden-file comparison for the text styles.  Regenerate with
// SCHEDLAB_UPDATE_GOLDEN=1 after an intended change, and review the diff.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

namespace schedlab::testing {

inline void expect_golden(const std::string& name, const std::string& actual) {
  const std::string path = std::string(SCHEDLAB_GOLDEN_DIR) + "/" + name;
  if (std::getenv("SCHEDLAB_UPDATE_GOLDEN")) std::ofstream(path) << actual;
  std::ifstream in(path);
  ASSERT_TRUE(in) << "missing golden file " << path;
  std::stringstream expected;
  expected << in.rdbuf();
  EXPECT_EQ(actual, expected.str()) << "golden file " << path;
}

}  // namespace schedlab::testing
