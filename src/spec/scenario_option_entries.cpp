// The scenario options: where and how the copies run, the controls the run
// applies (spec/run_option_table.h).
#include <fmt/format.h>

#include "core/cpu_list.h"
#include "scenario/sched_policy.h"
#include "spec/option_entries.h"
#include "spec/option_values.h"
#include "sys/affinity.h"

namespace schedlab::option_entries {
namespace {

constexpr const char* kScenario = kScenarioGroup;
constexpr const char* kUnchanged = "unchanged";

std::string feature_name(const std::string& f) { return f.rfind("NO_", 0) == 0 ? f.substr(3) : f; }

// Replaces the entry with the same key, or appends.
template <typename Entry, typename SameKey>
void replace_or_append(std::vector<Entry>& list, Entry entry, SameKey same) {
  for (auto& e : list)
    if (same(e)) {
      e = std::move(entry);
      return;
    }
  list.push_back(std::move(entry));
}

Record on_off(const std::optional<bool>& v) { return v ? (*v ? "on" : "off") : kUnchanged; }

Record sysctls(const S& s) {
  ordered_json j = ordered_json::object();
  for (const auto& [key, value] : s.scenario.sysctls) j[key] = value;
  return j;
}

}  // namespace

std::vector<RunOptionSpec> scenario_options() {
  return {
      {.names = "--copies", .value = "N|auto|Kx",
       .help = "concurrent copies: N, auto (one per CPU of the set) or Kx (K per CPU)", .unit = "copies", .group = kScenario,
       .default_text = ScenarioRequest{}.copies.text(),
       .set = [](E, S& s, T o, T t) { s.scenario.copies = parse_copies(o, t); },
       .vary_key = "copies", .key = "copies", .record = [](const S& s) -> Record { return s.scenario.copies.text(); },
       .example = "2x", .identity = true},
      {.names = "--cpus", .value = "LIST",
       .help = "CPUs the copies may run on, numactl syntax: 0-3,8, all, !LIST (all but LIST), +LIST (the LIST-th "
               "allowed CPUs)",
       .group = kScenario,
       .set = [](E, S& s, T o, T t) { s.scenario.cpus = parse_cpu_selection(o, t, sys::affinity_of(0)); },
       .vary_key = "cpus", .key = "cpus", .unset_text = "inherited",
       .record = [](const S& s) -> Record {
         return s.scenario.cpus ? format_cpu_list(*s.scenario.cpus) : "inherited";
       },
       .example = "+0", .identity = true},
      {.names = "--pin-copies", .help = "copy i runs on the i-th CPU of the set only", .group = kScenario,
       .arity = Arity::kFlag, .set = [](E, S& s, T o, T t) { s.scenario.pin_copies = parse_switch(o, t); },
       .vary_key = "pin-copies", .key = "pin_copies", .json = Json::kBool,
       .record = [](const S& s) -> Record { return s.scenario.pin_copies; }, .example = "on", .identity = true},
      {.names = "--cgroup-depth", .value = "D",
       .help = "run in a fresh cgroup chain D levels deep (v2, and v1 cpu on hybrid hosts)", .unit = "levels",
       .group = kScenario,
       .default_text = std::to_string(ScenarioRequest{}.cgroup_depth), .range = {{0, ScenarioRequest::kMaxCgroupDepth}},
       .set = [](E e, S& s, T o, T t) { s.scenario.cgroup_depth = count_of(e, o, t); },
       .vary_key = "cgroup-depth", .key = "cgroup_depth",
       .record = [](const S& s) -> Record { return s.scenario.cgroup_depth; }, .example = "3", .identity = true,
       .kernel_config = {{"CONFIG_CGROUP_SCHED", "the cpu controller"},
                         {"CONFIG_FAIR_GROUP_SCHED", "group scheduling of fair tasks"}}},
      {.names = "--cgroup-parent", .value = "CGROUP", .help = "where the chain is created, inside the hierarchy",
       .group = kScenario, .default_text = ScenarioRequest{}.cgroup_parent,
       .set = [](E, S& s, T o, T t) { s.scenario.cgroup_parent = parse_cgroup_parent(o, t); },
       .key = "cgroup_parent", .record = [](const S& s) -> Record { return s.scenario.cgroup_parent; },
       .example = "/system.slice", .identity = true},
      {.names = "--autogroup", .value = "on|off", .help = "set kernel.sched_autogroup_enabled for the run",
       .group = kScenario, .set = [](E, S& s, T o, T t) { s.scenario.autogroup = parse_switch(o, t); },
       .vary_key = "autogroup", .key = "autogroup", .unset_text = kUnchanged,
       .record = [](const S& s) { return on_off(s.scenario.autogroup); }, .example = "off", .identity = true,
       .kernel_config = {{"CONFIG_SCHED_AUTOGROUP", "kernel.sched_autogroup_enabled"}}},
      {.names = "--psi", .value = "on|off",
       .help = "PSI accounting (cgroup.pressure) on every level of the --cgroup-depth chain", .group = kScenario,
       .set = [](E, S& s, T o, T t) { s.scenario.psi = parse_switch(o, t); },
       .vary_key = "psi", .key = "psi", .unset_text = kUnchanged,
       // Left out when unchanged, as in the files written before --psi.
       .record = [](const S& s) { return s.scenario.psi ? on_off(s.scenario.psi) : std::nullopt; },
       .example = "off", .identity = true, .kernel_config = {{"CONFIG_PSI", "cgroup.pressure"}}},
      {.names = "--setsid", .help = "each copy in its own session, hence its own autogroup", .group = kScenario,
       .arity = Arity::kFlag, .set = [](E, S& s, T o, T t) { s.scenario.setsid = parse_switch(o, t); },
       .vary_key = "setsid", .key = "setsid", .json = Json::kBool,
       .record = [](const S& s) -> Record { return s.scenario.setsid; }, .example = "on", .identity = true},
      {.names = "--sysctl", .value = "KEY=VALUE", .help = "set a sysctl for the run (repeatable)",
       .group = kScenario, .arity = Arity::kRepeatable,
       .set = [](E, S& s, T o, T t) { s.scenario.sysctls.push_back(parse_sysctl(o, t)); },
       .vary_key = "sysctl:",
       .vary = [](E, S& s, T o, T t) {
         auto entry = parse_sysctl(o, t);
         replace_or_append(s.scenario.sysctls, entry, [&](const auto& e) { return e.first == entry.first; });
       },
       .key = "sysctl", .json = Json::kMap, .record = sysctls, .example = "kernel.sched_migration_cost_ns=100000",
       .identity = true},
      {.names = "--sched-feature", .value = "NAME|NO_NAME", .help = "set a debugfs sched feature for the run "
                                                                    "(repeatable)",
       .group = kScenario, .arity = Arity::kRepeatable,
       .set = [](E, S& s, T o, T t) { s.scenario.sched_features.push_back(parse_sched_feature(o, t)); },
       .vary_key = "sched-feature",
       .vary = [](E, S& s, T o, T t) {
         const std::string f = parse_sched_feature(o, t);
         replace_or_append(s.scenario.sched_features, f,
                           [&](const std::string& e) { return feature_name(e) == feature_name(f); });
       },
       .key = "sched_feature", .json = Json::kList,
       .record = [](const S& s) -> Record { return s.scenario.sched_features; }, .example = "NO_TTWU_QUEUE",
       .identity = true, .kernel_config = {{"CONFIG_SCHED_DEBUG", "debugfs sched/features"}}},
      {.names = "--policy", .value = "other|batch|idle|fifo:P|rr:P", .help = "scheduling policy of the copies",
       .group = kScenario,
       .set = [](E, S& s, T o, T t) {
         const auto attr = parse_policy(o, t);
         s.scenario.policy = attr.policy;
         s.scenario.priority = attr.priority;
       },
       .vary_key = "policy", .key = "policy", .unset_text = kUnchanged,
       .record = [](const S& s) -> Record {
         return s.scenario.policy ? policy_text({*s.scenario.policy, s.scenario.priority, 0}) : kUnchanged;
       },
       .example = "fifo:10", .identity = true},
      {.names = "--nice", .value = "N", .help = "nice value of the copies", .group = kScenario,
       .range = {{kMinNice, kMaxNice}}, .set = [](E e, S& s, T o, T t) { s.scenario.nice = count_of(e, o, t); },
       .vary_key = "nice", .key = "nice", .unset_text = kUnchanged,
       .record = [](const S& s) -> Record {
         return s.scenario.nice ? ordered_json(*s.scenario.nice) : ordered_json(kUnchanged);
       },
       .example = "5", .identity = true},
      {.names = "--allow-unapplied", .help = "run even when a control cannot be applied; record it under not_applied",
       .group = kScenario, .arity = Arity::kFlag,
       .set = [](E, S& s, T o, T t) { s.scenario.allow_unapplied = parse_switch(o, t); },
       .key = "allow_unapplied", .json = Json::kBool,
       .record = [](const S& s) -> Record { return s.scenario.allow_unapplied; }, .example = "on"},
  };
}

}  // namespace schedlab::option_entries
