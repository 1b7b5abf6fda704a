// --probes: what each selection takes, what a bad one says, what the result
// set records; and the descriptors every probe must have.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <functional>
#include <map>
#include <set>

#include "core/error.h"
#include "probes/measured_cost.h"
#include "probes/probe_set.h"
#include "support/registries.h"
#include "workloads/builtin.h"

namespace schedlab {
namespace {

// The probes as the command line passes them down.
const ProbeList& R() { return testing::probe_list(); }

// "default" is resolved per workload: a probe is taken on a workload only
// where its measured cost there is within both limits.  Walks every
// registered workload and every probe.
TEST(ProbeSelection, DefaultTakesOnEachWorkloadTheProbesMeasuredCheapThere) {
  const auto s = parse_probe_selection("--probes", "default");
  const auto workloads = builtin_workloads();
  for (const auto& w : workloads.items()) {
    const auto names = s.names_for(R(), w->info().name);
    std::set<std::string> included;  // by a probe taken: it runs instead (bpf-offcpu for bpf)
    for (const auto& p : builtin_probes())
      if (std::find(names.begin(), names.end(), p->info().name) != names.end()) included.insert(p->info().includes);
    for (const auto& p : builtin_probes()) {
      const bool taken = std::find(names.begin(), names.end(), p->info().name) != names.end();
      const MeasuredCost* m = measured_cost(p->info().name, w->info().name);
      const bool cheap =
          m && !m->records_nothing && m->pct <= kDefaultCostLimitPct && m->upper_pct <= kDefaultCostUpperLimitPct;
      EXPECT_EQ(taken, cheap && !included.count(p->info().name)) << p->info().name << " on " << w->info().name;
    }
  }
  EXPECT_TRUE(s.names_for(R(), "no-such-workload").empty()) << "not measured is not admitted";
}

// The probes a selection runs: every probe but the ones another selected
// probe includes (bpf-offcpu records all that bpf does).
std::size_t probes_not_included() {
  std::set<std::string> included;
  for (const auto& p : builtin_probes())
    if (!p->info().includes.empty()) included.insert(p->info().includes);
  return builtin_probes().size() - included.size();
}

TEST(ProbeSelection, AllNoneAndListsInReportOrder) {
  EXPECT_EQ(parse_probe_selection("--probes", "all").names_for(R(), "spawn").size(), probes_not_included());
  EXPECT_TRUE(parse_probe_selection("--probes", "none").names_for(R(), "spawn").empty());
  EXPECT_EQ(parse_probe_selection("--probes", "psi,proc-stat").names_for(R(), "spawn"), (std::vector<std::string>{"proc-stat", "psi"}));
  EXPECT_EQ(parse_probe_selection("--probes", "perf-sw+psi").names_for(R(), "wakeup"), (std::vector<std::string>{"psi", "perf-sw"}));
  const auto workloads = builtin_workloads();
  for (const auto& w : workloads.items()) {
    auto with_default = parse_probe_selection("--probes", "default").names_for(R(), w->info().name);
    if (std::find(with_default.begin(), with_default.end(), "profile") == with_default.end())
      with_default.push_back("profile");  // the profile is last in report order
    EXPECT_EQ(parse_probe_selection("--probes", "default,profile").names_for(R(), w->info().name), with_default)
        << "default in a list: the default ones on " << w->info().name;
    EXPECT_EQ(parse_probe_selection("--probes", "profile+default").names_for(R(), w->info().name), with_default);
  }
}

// A probe that includes another runs alone when both are selected, however
// they are selected: named together, with the default, or by "all".
TEST(ProbeSelection, AProbeThatIncludesAnotherRunsInsteadOfIt) {
  for (const auto& p : builtin_probes()) {
    const std::string& includes = p->info().includes;
    if (includes.empty()) continue;
    const std::string& name = p->info().name;
    for (const std::string& text : {fmt::format("{},{}", includes, name), fmt::format("{}+{}", name, includes),
                                    std::string("all"), fmt::format("default,{}", name)}) {
      const auto names = parse_probe_selection("--probes", text).names_for(R(), "context");
      EXPECT_NE(std::find(names.begin(), names.end(), name), names.end()) << text;
      EXPECT_EQ(std::find(names.begin(), names.end(), includes), names.end()) << text;
    }
    EXPECT_EQ(parse_probe_selection("--probes", includes).names_for(R(), "context"), std::vector<std::string>{includes});
  }
}

TEST(ProbeSelection, BadInputNamesTheOptionTheValueAndTheProbes) {
  for (const char* bad : {"psi,", ",psi", "psi,,proc-stat", "psi+", "", "all,psi", "psi+none"}) {
    try {
      parse_probe_selection("--probes", bad);
      ADD_FAILURE() << bad;
    } catch (const UsageError& e) {
      EXPECT_NE(std::string(e.what()).find("--probes '"), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find("probe names"), std::string::npos) << e.what();
      EXPECT_EQ(e.status(), ExitStatus::kUsage);
    }
  }
  // A name is checked against the probes passed down, wherever a set is made of it.
  for (const char* unknown : {"bogus", "psi,bogus", "default+bogus"}) {
    const auto s = parse_probe_selection("--probes", unknown);
    for (const auto& refuse : std::vector<std::function<void()>>{
             [&] { check_probe_names(R(), s); }, [&] { ProbeSet(R(), s, "spawn"); }}) {
      try {
        refuse();
        ADD_FAILURE() << unknown;
      } catch (const UsageError& e) {
        EXPECT_NE(std::string(e.what()).find(fmt::format("--probes '{}'", unknown)), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("sched-trace"), std::string::npos) << e.what();
        EXPECT_EQ(e.status(), ExitStatus::kUsage);
      }
    }
  }
  EXPECT_NO_THROW(check_probe_names(R(), parse_probe_selection("--probes", "psi,profile")));
}

// A registry the top extends reaches the set: a selection names what it
// holds, and only that (nothing below makes its own: Registries.*).
TEST(ProbeSet, TakesItsProbesFromTheRegistryPassedDown) {
  ProbeList only_psi;
  for (const auto& p : R())
    if (p->info().name == "psi") only_psi.push_back(p->fresh());
  const auto all = parse_probe_selection("--probes", "all");
  EXPECT_EQ(all.names_for(only_psi, "spawn"), std::vector<std::string>{"psi"});
  EXPECT_EQ(ProbeSet(only_psi, all, "spawn").record()["probes"].size(), 1U);
  EXPECT_THROW(check_probe_names(only_psi, parse_probe_selection("--probes", "proc-stat")), UsageError);
}

TEST(ProbeSet, RecordsTheSelectionAndEveryProbesAvailability) {
  const ProbeSet set(R(), parse_probe_selection("--probes", "all"), "spawn");
  const auto r = set.record();
  EXPECT_EQ(r["selection"], "all");
  ASSERT_EQ(r["probes"].size(), probes_not_included());
  for (const auto& p : r["probes"]) {
    EXPECT_EQ(p.contains("cost_pct"), measured_cost(p["name"].get<std::string>(), "spawn") != nullptr);
    if (!p["available"].get<bool>()) {
      EXPECT_FALSE(p["reason"].get<std::string>().empty()) << p.dump();
    }
  }
  EXPECT_TRUE(ProbeSet(R(), parse_probe_selection("--probes", "none"), "spawn").metrics().empty());
}

// Every cost that decides the default comes from one table row that says
// where it came from, measured on a registered workload with enough pairs;
// every probe that can run here has a row on every workload (a new probe
// or workload without its measurement fails here: it would silently be
// left out of, or wrongly kept in, the default).
TEST(MeasuredCost, EveryProbeIsMeasuredOnEveryWorkloadAndSaysWhere) {
  const auto workloads = builtin_workloads();
  for (const auto& m : measured_costs()) {
    EXPECT_NE(workloads.find(m.workload), nullptr) << m.probe << " measured on unknown workload " << m.workload;
    EXPECT_NE(std::string(m.source).find("bench/probe_cost"), std::string::npos) << m.probe;
    EXPECT_NE(std::string(m.source).find("UTC"), std::string::npos) << m.probe;
    EXPECT_GE(m.pairs, 10) << m.probe << " on " << m.workload << ": a figure rests on >= 10 interleaved pairs";
    EXPECT_LE(m.pct, m.upper_pct) << m.probe << " on " << m.workload;
    const std::string source = describe_cost_source(m.probe, m.workload);
    EXPECT_NE(source.find(m.spread), std::string::npos) << source;
  }
  for (const auto& p : builtin_probes()) {
    if (unmeasured_why(p->info().name)) continue;  // perf-hw: no PMU where the table was measured
    for (const auto& w : workloads.items())
      EXPECT_NE(measured_cost(p->info().name, w->info().name), nullptr)
          << p->info().name << " has no measured cost on " << w->info().name << " (bench/probe_cost)";
  }
  for (const auto& w : workloads.items()) {
    const auto record = ProbeSet(R(), parse_probe_selection("--probes", "all"), w->info().name).record();
    for (const auto& r : record["probes"])
      EXPECT_EQ(r["cost_source"], describe_cost_source(r["name"].get<std::string>(), w->info().name))
          << "the result file says it too";
  }
}

// Unique, but for a probe that includes another: it declares the other's
// metrics (never recorded twice: the two never run together).
TEST(ProbeInfo, EveryProbeIsDescribedAndItsMetricsAreUnique) {
  std::set<std::string> names, metrics;
  std::map<std::string, std::vector<std::string>> declared;
  for (const auto& p : builtin_probes()) {
    const ProbeInfo& i = p->info();
    EXPECT_TRUE(names.insert(i.name).second) << i.name;
    for (const auto& m : i.metrics) declared[i.name].push_back(m.name);
    if (!i.includes.empty()) {
      ASSERT_TRUE(declared.count(i.includes)) << i.name << " includes " << i.includes << ", registered before it";
      for (const auto& m : declared[i.includes])
        EXPECT_NE(std::find(declared[i.name].begin(), declared[i.name].end(), m), declared[i.name].end())
            << i.name << " includes " << i.includes << " but not its " << m;
      continue;
    }
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
  set.probes = ProbeSet(R(), parse_probe_selection("--probes", "all"), "spawn").record();
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
