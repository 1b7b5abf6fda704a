// --probes: what each selection takes, what a bad one says, what the result
// set records; and the descriptors every probe must have.
#include <gtest/gtest.h>

#include <set>

#include "core/error.h"
#include "probes/measured_cost.h"
#include "probes/probe_set.h"

namespace schedlab {
namespace {

TEST(ProbeSelection, DefaultTakesEveryProbeMeasuredAtOnePercentOrLess) {
  const auto s = parse_probe_selection("default");
  for (const auto& p : builtin_probes()) {
    const bool taken = std::find(s.names.begin(), s.names.end(), p->info().name) != s.names.end();
    EXPECT_EQ(taken, p->info().cost_pct <= kDefaultCostLimitPct) << p->info().name;
  }
}

TEST(ProbeSelection, AllNoneAndListsInReportOrder) {
  EXPECT_EQ(parse_probe_selection("all").names.size(), builtin_probes().size());
  EXPECT_TRUE(parse_probe_selection("none").names.empty());
  EXPECT_EQ(parse_probe_selection("psi,proc-stat").names, (std::vector<std::string>{"proc-stat", "psi"}));
  EXPECT_EQ(parse_probe_selection("perf-sw+psi").names, (std::vector<std::string>{"psi", "perf-sw"}));
  auto with_default = parse_probe_selection("default").names;
  with_default.push_back("profile");
  EXPECT_EQ(parse_probe_selection("default,profile").names, with_default) << "default in a list: the default ones";
  EXPECT_EQ(parse_probe_selection("profile+default").names, with_default);
}

TEST(ProbeSelection, BadInputNamesTheOptionTheValueAndTheProbes) {
  for (const char* bad : {"bogus", "psi,", ",psi", "psi,,proc-stat", "psi+", ""}) {
    try {
      parse_probe_selection(bad);
      ADD_FAILURE() << bad;
    } catch (const UsageError& e) {
      EXPECT_NE(std::string(e.what()).find("--probes '"), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find("sched-trace"), std::string::npos) << e.what();
      EXPECT_EQ(e.status(), ExitStatus::kUsage);
    }
  }
}

TEST(ProbeSet, RecordsTheSelectionAndEveryProbesAvailability) {
  const ProbeSet set(parse_probe_selection("all"));
  const auto r = set.record();
  EXPECT_EQ(r["selection"], "all");
  ASSERT_EQ(r["probes"].size(), builtin_probes().size());
  for (const auto& p : r["probes"]) {
    EXPECT_TRUE(p.contains("cost_pct"));
    if (!p["available"].get<bool>()) {
      EXPECT_FALSE(p["reason"].get<std::string>().empty()) << p.dump();
    }
  }
  EXPECT_TRUE(ProbeSet(parse_probe_selection("none")).metrics().empty());
}

// Every cost that decides the default comes from one table row that says
// where it came from: the bench, the date, the pairs, the spread, the machine.
TEST(MeasuredCost, EveryMeasuredProbeSaysWhereItsFigureCameFrom) {
  for (const auto& p : builtin_probes()) {
    const std::string name = p->info().name;
    const MeasuredCost* m = measured_cost(name);
    if (!m) {
      EXPECT_EQ(p->info().cost_pct, 100) << name << ": unmeasured counts as costly";
      EXPECT_EQ(describe_cost_source(name), "not measured");
      continue;
    }
    EXPECT_EQ(p->info().cost_pct, m->pct) << name;
    EXPECT_NE(std::string(m->bench).find("bench/probe_cost"), std::string::npos) << name;
    EXPECT_FALSE(std::string(m->date).empty() || std::string(m->spread).empty() ||
                 std::string(m->conditions).empty())
        << name;
    const std::string how = m->how;
    EXPECT_TRUE(how == "edges" || how == "A/B") << name;
    if (how == "A/B") {
      EXPECT_GE(m->pairs, 10) << name << ": an A/B figure rests on >= 10 interleaved pairs";
    }
    const std::string source = describe_cost_source(name);
    EXPECT_NE(source.find(m->date), std::string::npos) << source;
    EXPECT_NE(source.find(m->spread), std::string::npos) << source;
  }
  const auto record = ProbeSet(parse_probe_selection("all")).record();  // outlives the loop over its probes
  for (const auto& r : record["probes"])
    EXPECT_EQ(r["cost_source"], describe_cost_source(r["name"].get<std::string>())) << "the result file says it too";
}

TEST(ProbeInfo, EveryProbeIsDescribedAndItsMetricsAreUnique) {
  std::set<std::string> names, metrics;
  for (const auto& p : builtin_probes()) {
    const ProbeInfo& i = p->info();
    EXPECT_TRUE(names.insert(i.name).second) << i.name;
    EXPECT_FALSE(i.summary.empty()) << i.name;
    EXPECT_FALSE(i.needs.empty()) << i.name;
    EXPECT_FALSE(i.metrics.empty()) << i.name;
    for (const auto& m : i.metrics) {
      EXPECT_TRUE(metrics.insert(m.name).second) << m.name << " declared twice";
      EXPECT_FALSE(m.unit.empty()) << m.name;
      EXPECT_FALSE(m.description.empty()) << m.name;
    }
  }
  for (const char* m : {"cpu_migrations_per_loop", "run_delay_us_per_loop", "psi_cpu_some_us",
                        "psi_chain_cpu_some_us", "wakeup_to_run_p99_us", "pgfault", "ctxt"})
    EXPECT_TRUE(metrics.count(m)) << m;
}

}  // namespace
}  // namespace schedlab

namespace schedlab {
namespace {

TEST(ProbeSet, TheRecordSurvivesTheResultFileRoundTrip) {
  ResultSet set;
  set.label = "x";
  set.tool = {{"name", "schedlab"}};
  set.workload.name = "spawn";
  set.workload.primary_metric = "lps";
  set.probes = ProbeSet(parse_probe_selection("all")).record();
  const ordered_json file = ResultFile{"2026-11-29T22:00:00Z", {set}};
  const ResultFile back = result_file_from_json(file);
  EXPECT_EQ(back.sets.at(0).probes, set.probes);
  EXPECT_EQ(ordered_json(back.sets.at(0)).dump(), ordered_json(set).dump());
  ordered_json old = file;  // files written before probes existed have no "probes"
  old["sets"][0].erase("probes");
  EXPECT_TRUE(result_file_from_json(old).sets.at(0).probes.is_null());
}

}  // namespace
}  // namespace schedlab
