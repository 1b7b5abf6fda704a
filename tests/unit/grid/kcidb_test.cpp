// Unit tests for src/grid/kcidb.cpp: stored sets as a KCIDB document (its
// validity against KCIDB's own schema is checked by the integration tests
// with python3-jsonschema).
#include "grid/kcidb.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "support/sample_result.h"
#include "support/registries.h"

namespace schedlab::grid {
namespace {

store::SetDocument doc_of(const ResultSet& set) { return {ordered_json(set), "2026-11-29T22:00:00Z"}; }

TEST(Kcidb, OneCheckoutAndBuildPerKernelOneTestPerSet) {
  ResultSet a = testing::sample_set(), b = testing::sample_set(), c = testing::sample_set();
  b.label = "again";
  c.environment["kernel"]["release"] = "6.14.0-rc1-00042-g0123456789abcdef0123456789abcdef01234567";
  c.status = Status::kError;
  c.error = "fork failed: EAGAIN";
  const auto doc = kcidb_document({doc_of(a), doc_of(b), doc_of(c)}, "lab_1", testing::workload_registry());
  EXPECT_EQ(doc["version"]["major"], 5);
  EXPECT_EQ(doc["version"]["minor"], 3);
  ASSERT_EQ(doc["checkouts"].size(), 2u);
  ASSERT_EQ(doc["builds"].size(), 2u);
  // Each set's test, then a passed set's other metrics, one test each.
  const std::size_t others = a.metrics.size() - 1;
  ASSERT_EQ(doc["tests"].size(), 3u + 2 * others);
  EXPECT_EQ(doc["checkouts"][1]["git_commit_hash"], "0123456789abcdef0123456789abcdef01234567");
  EXPECT_FALSE(doc["checkouts"][0].contains("git_commit_hash"));
  const auto& t = doc["tests"][0];
  EXPECT_EQ(t["path"], "schedlab.spawn");
  EXPECT_EQ(t["status"], "DONE");
  EXPECT_EQ(t["build_id"], doc["builds"][0]["id"]);
  EXPECT_EQ(doc["builds"][0]["checkout_id"], doc["checkouts"][0]["id"]);
  EXPECT_NEAR(t["number"]["value"].get<double>(), (27776.2 + 27801.5 + 27690.9) / 3, 1e-6);
  EXPECT_EQ(t["number"]["unit"], "loops/s");
  EXPECT_EQ(t["misc"]["runs"].size(), 3u);
  const auto& failed = doc["tests"][2 + 2 * others];
  EXPECT_EQ(failed["status"], "ERROR");
  EXPECT_FALSE(failed.contains("number"));
  const auto sys = std::find_if(doc["tests"].begin(), doc["tests"].end(),
                                [](const auto& test) { return test["path"] == "schedlab.spawn.sys_s"; });
  ASSERT_NE(sys, doc["tests"].end());
  EXPECT_EQ((*sys)["number"]["unit"], "s");
  EXPECT_NEAR((*sys)["number"]["value"].get<double>(), (38.7 + 38.9 + 38.6) / 3, 1e-9);
  EXPECT_EQ((*sys)["build_id"], doc["builds"][0]["id"]);
  EXPECT_EQ((*sys)["misc"]["better"], "lower");
  for (const char* kind : {"checkouts", "builds", "tests"})
    for (const auto& item : doc[kind]) {
      EXPECT_EQ(item["origin"], "lab_1");
      EXPECT_EQ(item["id"].get<std::string>().rfind("lab_1:", 0), 0u);
    }
}

// A collected set ran on a LAVA device: that board is the test's environment.
TEST(Kcidb, ACollectedSetsEnvironmentIsItsLavaDevice) {
  ResultSet set = testing::sample_set();
  const auto host = kcidb_document({doc_of(set)}, "o", testing::workload_registry())["tests"][0]["environment"];
  EXPECT_FALSE(host["misc"].contains("lava_device"));
  ordered_json j = ordered_json(set);
  j["lava"] = {{"source", "https://lab.example/api"}, {"job_id", "4711"}, {"actual_device", "rpi4-03"},
               {"requested_device_type", "bcm2711-rpi-4-b"}, {"boots", ordered_json::array()}};
  const auto doc = kcidb_document({{j, "2026-11-29T22:00:00Z"}}, "o", testing::workload_registry());
  for (const auto& t : doc["tests"]) {
    EXPECT_EQ(t["environment"]["comment"], "LAVA device rpi4-03 (bcm2711-rpi-4-b)");
    EXPECT_EQ(t["environment"]["misc"]["lava_device"], "rpi4-03");
    EXPECT_EQ(t["environment"]["misc"]["lava_job_id"], "4711");
  }
}

TEST(Kcidb, TheSameSetsGiveTheSameIds) {
  const auto first = kcidb_document({doc_of(testing::sample_set())}, "o", testing::workload_registry());
  const auto second = kcidb_document({doc_of(testing::sample_set())}, "o", testing::workload_registry());
  EXPECT_EQ(first, second);
  ResultSet other = testing::sample_set();
  other.runs[0].values.set("lps", 1.0);
  EXPECT_NE(kcidb_document({doc_of(other)}, "o", testing::workload_registry())["tests"][0]["id"], first["tests"][0]["id"]);
}

// An A/B of two kernels that report the same release and version (one tree
// built twice, reproducibly, with another config): `kernels` named them
// apart, so they are two builds, each test under its own.
TEST(Kcidb, KernelsNamedApartAreTwoBuildsEvenWithTheSameRelease) {
  ResultSet a = testing::sample_set(), b = testing::sample_set();
  a.guest = {{"kernel", {{"name", "good"}}}};
  b.guest = {{"kernel", {{"name", "bad"}}}};
  a.label = "good";
  b.label = "bad";
  const auto doc = kcidb_document({doc_of(a), doc_of(b)}, "o", testing::workload_registry());
  EXPECT_EQ(doc["checkouts"].size(), 1u);
  ASSERT_EQ(doc["builds"].size(), 2u);
  const auto& b_test = doc["tests"][a.metrics.size()];  // after a's test and its metrics' tests
  EXPECT_EQ(b_test["path"], "schedlab.spawn");
  EXPECT_NE(doc["tests"][0]["build_id"], b_test["build_id"]);
  EXPECT_EQ(doc["builds"][0]["misc"]["kernel_name"], "good");
  // The same name with another config is another build too.
  ResultSet c = a;
  c.environment["kernel"]["config"] = {{"CONFIG_PSI", "n"}};
  EXPECT_NE(kcidb_document({doc_of(c)}, "o", testing::workload_registry())["builds"][0]["id"], doc["builds"][0]["id"]);
}

// A --vary variant's test carries its assignment in the path.
TEST(Kcidb, AVariantsTestPathCarriesItsAssignment) {
  ResultSet a = testing::sample_set();
  a.scenario.requested["vary"] = {{"psi", "on"}, {"cgroup-depth", "3"}};
  EXPECT_EQ(kcidb_document({doc_of(a)}, "o", testing::workload_registry())["tests"][0]["path"], "schedlab.spawn.psi-on.cgroup-depth-3");
}

TEST(Kcidb, OriginsAreKcidbs) {
  EXPECT_TRUE(valid_kcidb_origin("schedlab_lab1"));
  for (const char* bad : {"", "Lab", "lab-1", "lab:1", "lab 1"}) EXPECT_FALSE(valid_kcidb_origin(bad)) << bad;
}

}  // namespace
}  // namespace schedlab::grid
