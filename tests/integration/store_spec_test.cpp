// Every stored set carries its spec id (issue 21): history shows it and
// selects by it, and compare refuses a selector that gathers sets of
// different specs unless --force.
#include <fmt/format.h>

#include "integration/store_fixtures.h"
#include "spec/spec_identity.h"

namespace schedlab::testing {
namespace {

// Two spawn sets (kernels 6.1.0, 6.2.0) and an execl set (6.3.0).
std::string two_specs(const TempDir& dir) {
  ResultFile file{"2026-11-30T00:00:00Z", {}};
  file.sets.push_back(synthetic_set({.kernel = "6.1.0", .day = 1}));
  file.sets.push_back(synthetic_set({.kernel = "6.2.0", .day = 2, .seed = 2}));
  file.sets.push_back(synthetic_set({.workload = "execl", .kernel = "6.3.0", .day = 3, .seed = 3}));
  write_result_file(dir.file("sets.json"), file);
  std::string db = dir.file("r.db");
  const Outcome imported = run_schedlab({"import", dir.file("sets.json"), "--store", db});
  EXPECT_EQ(imported.status, 0) << imported.err;
  return db;
}

}  // namespace

TEST(StoreSpec, HistoryShowsAndSelectsEachSetsSpec) {
  TempDir dir;
  const std::string db = two_specs(dir);
  const WorkloadRegistry workloads = builtin_workloads();
  const std::string spawn = spec_id(synthetic_set({.kernel = "6.1.0"}), workloads);

  const Outcome text = run_schedlab({"history", "--store", db});
  ASSERT_EQ(text.status, 0) << text.err;
  EXPECT_NE(text.out.find("spec"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find(spawn.substr(0, 8)), std::string::npos) << text.out;

  const Outcome one = run_schedlab({"history", "--json", "--spec", spawn.substr(0, 8), "--store", db});
  ASSERT_EQ(one.status, 0) << one.err;
  const auto sets = nlohmann::json::parse(one.out).at("sets");
  ASSERT_EQ(sets.size(), 2u) << one.out;
  for (const auto& set : sets) EXPECT_EQ(set.at("spec_id"), spawn);

  const Outcome bad = run_schedlab({"history", "--spec", "XYZ", "--store", db});
  EXPECT_EQ(bad.status, 2) << bad.err;
  EXPECT_NE(bad.err.find("--spec"), std::string::npos) << bad.err;
  EXPECT_EQ(line_count(bad.err), 1u) << bad.err;
}

TEST(StoreSpec, ASelectorGatheringTwoSpecsIsRefusedUnlessForced) {
  TempDir dir;
  const std::string db = two_specs(dir);
  const Outcome mixed = run_schedlab({"compare", "@kernel=6.*", "--store", db});
  EXPECT_EQ(mixed.status, 2) << mixed.out << mixed.err;
  EXPECT_NE(mixed.err.find("workload spawn"), std::string::npos) << mixed.err;
  EXPECT_EQ(line_count(mixed.err), 1u) << mixed.err;
  const Outcome forced = run_schedlab({"compare", "@kernel=6.*", "--force", "--store", db});
  EXPECT_EQ(forced.status, 0) << forced.err;
  const std::string spawn = spec_id(synthetic_set({}), builtin_workloads());
  const Outcome one_spec = run_schedlab({"compare", "@spec=" + spawn, "--store", db});
  EXPECT_EQ(one_spec.status, 0) << one_spec.err;
}

// Issue 30: a result file's spec ids are recomputed, never read from it;
// a set that records one which its spec does not give is refused by every
// reader of result files (import, compare, check's baseline) in one line.
TEST(StoreSpec, AnImportedSetsRecordedSpecIdIsRecomputedAndAWrongOneRefused) {
  TempDir dir;
  const std::string spawn = spec_id(synthetic_set({}), builtin_workloads());
  ordered_json file = ResultFile{"2026-11-30T00:00:00Z", {synthetic_set({.kernel = "6.1.0"}),
                                                          synthetic_set({.kernel = "6.2.0", .day = 2, .seed = 2})}};
  file["sets"][0]["spec_id"] = spawn;
  const std::string right = dir.write("right.json", file.dump());
  file["sets"][1]["spec_id"] = "abcdef012345";
  const std::string planted = dir.write("planted.json", file.dump());
  const std::string db = dir.file("r.db");
  const std::string named =
      fmt::format("{}: not a valid schedlab result file: set 2: its spec_id is not the spec it records ({})", planted,
                  spawn);
  for (const auto& args : std::vector<std::vector<std::string>>{{"import", planted, "--store", db},
                                                                {"compare", right, planted, "--no-history"}}) {
    const Outcome o = run_schedlab(args);
    EXPECT_EQ(o.status, 2) << args[0] << ": " << o.err;
    EXPECT_NE(o.err.find(named), std::string::npos) << args[0] << ": " << o.err;
    EXPECT_EQ(line_count(o.err), 1u) << args[0] << ": " << o.err;
  }
  const Outcome imported = run_schedlab({"import", right, "--store", db});
  ASSERT_EQ(imported.status, 0) << imported.err;
  const Outcome history = run_schedlab({"history", "--json", "--spec", spawn, "--store", db});
  ASSERT_EQ(history.status, 0) << history.err;
  EXPECT_EQ(nlohmann::json::parse(history.out).at("sets").size(), 2u) << history.out;
}

}  // namespace schedlab::testing
