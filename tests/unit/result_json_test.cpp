// Unit tests for src/core/result_json.cpp and src/report/result_file.cpp.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "core/error.h"
#include "store/result_file.h"
#include "sys/safe_files.h"
#include "support/sample_result.h"
#include "support/temp_dir.h"
#include "support/registries.h"

namespace schedlab {
namespace {

using testing::TempDir;

void write(const std::string& path, const std::string& text) { std::ofstream(path) << text; }

std::string error_of(const std::string& path) {
  try {
    read_result_file(path, testing::workload_registry());
  } catch (const UsageError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST(ResultFile, RoundTripKeepsEveryField) {
  TempDir dir;
  const ResultFile original{"2026-11-29T22:00:00Z", {testing::sample_set()}};
  write_result_file(dir.file("r.json"), original);
  const ResultFile back = read_result_file(dir.file("r.json"), testing::workload_registry());
  ASSERT_EQ(back.sets.size(), 1u);
  const ResultSet& set = back.sets[0];
  EXPECT_EQ(set.label, "6.13.1");
  EXPECT_EQ(set.status, Status::kPass);
  EXPECT_EQ(set.workload.params.text("method"), "fork");
  EXPECT_EQ(set.workload.primary_metric, "lps");
  ASSERT_EQ(set.runs.size(), 3u);
  EXPECT_DOUBLE_EQ(*set.runs[1].values.get("lps"), 27801.5);
  EXPECT_EQ(set.runs[2].copies[0]["loops"], 69442);
  EXPECT_EQ(set.metrics[1].better, Better::kLower);
  EXPECT_EQ(ordered_json(set).dump(), ordered_json(testing::sample_set()).dump());
}

TEST(ResultFile, SummaryIsWrittenForReaders) {
  ordered_json j = ResultFile{"x", {testing::sample_set()}};
  const auto& s = j["sets"][0]["summary"]["lps"];
  EXPECT_EQ(s["n"], 3);
  EXPECT_NEAR(s["mean"].get<double>(), 27756.2, 1e-9);
  EXPECT_EQ(j["schema"], "schedlab.result/1");
}

TEST(ResultFile, ErrorSetKeepsRunsAndMessage) {
  TempDir dir;
  ResultSet set = testing::sample_set();
  set.status = Status::kError;
  set.error = "run 3: copy 0: fork failed";
  write_result_file(dir.file("e.json"), {"x", {set}});
  const auto back = read_result_file(dir.file("e.json"), testing::workload_registry());
  EXPECT_EQ(back.sets[0].status, Status::kError);
  EXPECT_EQ(back.sets[0].error, "run 3: copy 0: fork failed");
  EXPECT_EQ(back.sets[0].runs.size(), 3u);
}

TEST(ResultFile, BadFilesNameTheFileAndTheProblem) {
  TempDir dir;
  write(dir.file("trunc.json"), R"({"schema": "schedlab.result/1", "sets": [)");
  write(dir.file("foreign.json"), R"({"benchmarks": []})");
  write(dir.file("other.json"), R"({"schema": "fio/3", "sets": []})");
  write(dir.file("noruns.json"), R"({"schema": "schedlab.result/1", "sets": [{"label": "x"}]})");
  EXPECT_NE(error_of(dir.file("trunc.json")).find("trunc.json: not a valid"), std::string::npos);
  EXPECT_NE(error_of(dir.file("foreign.json")).find("no \"schema\""), std::string::npos);
  EXPECT_NE(error_of(dir.file("other.json")).find("schema \"fio/3\""), std::string::npos);
  EXPECT_NE(error_of(dir.file("noruns.json")).find("sets[0] has no \"status\""), std::string::npos);
  EXPECT_NE(error_of(dir.file("missing.json")).find("missing.json: cannot be read"),
            std::string::npos);
}

TEST(SafeFiles, CheckOutputFileRefusesMissingDirectory) {
  TempDir dir;
  EXPECT_NO_THROW(sys::check_output_file("--json", dir.file("ok.json")));
  try {
    sys::check_output_file("--json", "/nonexistent-dir/r.json");
    FAIL();
  } catch (const UsageError& e) {
    EXPECT_EQ(std::string(e.what()).rfind("--json '/nonexistent-dir/r.json': expected a file in an "
                                          "existing directory",
                                          0),
              0u);
  }
  EXPECT_THROW(sys::check_output_file("--json", "/tmp"), UsageError);
}

}  // namespace schedlab
