#pragma once
// A fixed, fully populated result set for round-trip and golden tests.
#include "core/result.h"

namespace schedlab::testing {

inline ResultSet sample_set() {
  ResultSet set;
  set.label = "6.13.1";
  set.tool = {{"name", "schedlab"}, {"version", "0.1.0"}, {"git", "abc123"}};
  set.workload.name = "spawn";
  set.workload.params.set("method", std::string("fork"));
  set.workload.primary_metric = "lps";
  set.scenario.requested = {{"copies", "4"}, {"cpus", "0-3"}, {"runs", 3}};
  set.scenario.applied = ordered_json::array({{{"control", "copies"}, {"value", 4}}});
  set.environment = {{"kernel", {{"release", "6.13.1"}}}};
  set.metrics = {{"lps", "loops/s", Better::kHigher, "loops per second"},
                 {"sys_s", "s", Better::kLower, "system time"},
                 {"cpu_user_pct", "%", Better::kLower, "user"},
                 {"cpu_sys_pct", "%", Better::kLower, "sys"},
                 {"cpu_idle_pct", "%", Better::kLower, "idle"},
                 {"start_skew_us", "us", Better::kLower, "skew"}};
  const double lps[] = {27776.2, 27801.5, 27690.9};
  const double sys[] = {38.7, 38.9, 38.6};
  for (int i = 0; i < 3; ++i) {
    RunRecord run;
    run.index = i + 1;
    run.started = "2026-11-29T22:00:0" + std::to_string(i) + "Z";
    run.window_s = 10.0002 + i * 0.0001;
    run.values.set("lps", lps[i]);
    run.values.set("sys_s", sys[i]);
    run.values.set("cpu_user_pct", 3.1);
    run.values.set("cpu_sys_pct", 96.9 - i * 0.1);
    run.values.set("cpu_idle_pct", i * 0.1);
    run.values.set("start_skew_us", 40 + i);
    run.copies = ordered_json::array({{{"index", 0}, {"cpus", "0-3"}, {"loops", 69440 + i}}});
    set.runs.push_back(run);
  }
  return set;
}

}  // namespace schedlab::testing
