// Unit tests for src/core/result_json.cpp: whole-number fields from other
// writers' (or hostile) files.
#include <gtest/gtest.h>

#include <stdexcept>

#include "core/result.h"
#include "support/sample_result.h"

namespace schedlab {
namespace {

ordered_json sample_file() { return ResultFile{"2026-11-29T22:00:00Z", {testing::sample_set()}}; }

std::string error_reading(const ordered_json& j) {
  try {
    result_file_from_json(j);
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "";
}

}  // namespace

// fuzz_result_file: get<int>() of 1e300 was undefined behaviour (UBSan
// float-cast-overflow); in a release build the index silently became INT_MIN.
TEST(ResultJsonNumbers, RefusesAnIndexOutsideIntsRange) {
  ordered_json j = sample_file();
  j["sets"][0]["runs"][0]["index"] = 1e300;
  EXPECT_EQ(error_reading(j), "sets[0].runs[0].index: expected a whole number, found 1e+300");
}

TEST(ResultJsonNumbers, RefusesFractionsAndNonNumbers) {
  ordered_json j = sample_file();
  j["sets"][0]["runs"][1]["block"] = 2.5;
  EXPECT_NE(error_reading(j).find("sets[0].runs[1].block"), std::string::npos);
  j = sample_file();
  j["sets"][0]["warnings"] = {{{"kind", "busy"}, {"run", "two"}}};
  EXPECT_NE(error_reading(j).find("sets[0].warnings.run"), std::string::npos);
}

TEST(ResultJsonNumbers, TakesWholeNumbersWrittenAsDecimals) {
  ordered_json j = sample_file();
  j["sets"][0]["runs"][0]["index"] = 7.0;
  j["sets"][0]["runs"][0]["sequence"] = -1;
  const ResultFile file = result_file_from_json(j);
  EXPECT_EQ(file.sets[0].runs[0].index, 7);
  EXPECT_EQ(file.sets[0].runs[0].sequence, -1);
}

}  // namespace schedlab
