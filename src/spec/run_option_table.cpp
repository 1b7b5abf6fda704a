#include "spec/run_option_table.h"

#include "core/child_environment.h"
#include "core/cpu_list.h"
#include "core/duration.h"
#include "core/error.h"
#include "scenario/sched_policy.h"
#include "spec/option_values.h"
#include "sys/affinity.h"

namespace schedlab {
namespace {

using Arity = RunOptionSpec::Arity;
using S = RunSettings;
using T = const std::string&;

constexpr const char* kRun = "Run options";
constexpr const char* kScenario = "Scenario options";

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

std::vector<RunOptionSpec> run_options() {
  return {
      {.names = "--runs", .value = "N", .help = "repetitions, each a fresh set of copies (default 5)", .group = kRun,
       .apply = [](S& s, T o, T t) { s.options.runs = parse_count(o, t, 1, RunOptions::kMaxRuns); },
       .recorded = true, .key = "runs", .example = "7"},
      {.names = "-r,--duration,--runtime", .value = "TIME",
       .help = "measurement window per run: 10, 10s, 500ms, 2m (default 10s)", .group = kRun,
       .apply = [](S& s, T o, T t) { s.options.duration = parse_duration(o, t, false); },
       .recorded = true, .key = "duration_s", .example = "1500ms", .identity = true},
      {.names = "-w,--warmup,--warmuptime", .value = "TIME",
       .help = "time the copies run before each window opens (default 0)", .group = kRun,
       .apply = [](S& s, T o, T t) { s.options.warmup = parse_duration(o, t, true); },
       .recorded = true, .key = "warmup_s", .example = "250ms", .identity = true},
      {.names = "--warmup-runs", .value = "N",
       .help = "runs executed first and discarded (recorded as warmup_runs) (default 0)", .group = kRun,
       .apply = [](S& s, T o, T t) { s.options.warmup_runs = parse_count(o, t, 0, 1000); },
       .recorded = true, .key = "warmup_runs", .example = "2", .identity = true},
      {.names = "--busy-threshold", .value = "PCT",
       .help = "warn when other processes use more than PCT% of the CPU set in a run (default 5)", .group = kRun,
       .apply = [](S& s, T o, T t) { s.options.busy_threshold_pct = parse_percent(o, t); },
       .recorded = true, .key = "busy_threshold_pct", .example = "12.5"},
      {.names = "--wait-idle", .value = "[=TIME]",
       .help = "before each run wait until the CPU set is quiet (at most --busy-threshold busy over a second), for "
               "at most TIME (default 5m)",
       .group = kRun, .arity = Arity::kOptional,
       .apply = [](S& s, T o, T t) {
         s.options.wait_idle = t.empty() ? RunOptions::kDefaultWaitIdle : parse_duration(o, t, false);
       },
       .recorded = true, .key = "wait_idle_s", .example = "30s"},
      {.names = "--no-wait", .help = "when another run holds the global controls (sysctls, sched features, "
                                     "cgroups), exit 3 instead of waiting",
       .group = kRun, .arity = Arity::kFlag, .apply = [](S& s, T o, T t) { s.options.no_wait = parse_switch(o, t); }},
      {.names = "--scrub-env", .value = "NAME",
       .help = "also keep the environment variable NAME from every child (workloads, the command, QEMU), "
               "as PGPASSWORD, LAVA_TOKEN and the store's credentials always are (repeatable)",
       .group = kRun, .arity = Arity::kRepeatable, .apply = [](S&, T o, T t) { scrub_also(o, t); }},
      {.names = "--json", .value = "FILE", .help = "write the result file here, a new file (rewritten after every run)",
       .group = kRun,
       .apply = [](S& s, T o, T t) {
         if (t.empty()) throw UsageError(o, t, "a file name");
         s.options.json_path = t;
       },
       .output_file = true},
      {.names = "--force", .help = "replace an existing --json file", .group = kRun, .arity = Arity::kFlag,
       .apply = [](S& s, T o, T t) { s.options.force_write = parse_switch(o, t); }},
      {.names = "--append", .help = "add the new sets to an existing --json file of the same spec", .group = kRun,
       .arity = Arity::kFlag, .apply = [](S& s, T o, T t) { s.options.append = parse_switch(o, t); }},
      {.names = "--label", .value = "TEXT", .help = "name of this result set in comparisons (default: kernel release)",
       .group = kRun,
       .apply = [](S& s, T, T t) { s.options.label = t.empty() ? std::nullopt : std::optional<std::string>(t); }},
      {.names = "--quiet", .help = "print nothing on stdout; errors still go to stderr", .group = kRun,
       .arity = Arity::kFlag, .apply = [](S& s, T o, T t) { s.options.quiet = parse_switch(o, t); }},
      {.names = "--all", .help = "after each set, every metric's summary (default: the headline figures)",
       .group = kRun, .arity = Arity::kFlag, .apply = [](S& s, T o, T t) { s.options.all = parse_switch(o, t); }},
      {.names = "--dry-run",
       .help = "check the command line and the machine, print the plan (each variant, its spec id, the runs "
               "and about how long they take) and exit 0: nothing is measured, changed or written",
       .group = kRun, .arity = Arity::kFlag,
       .apply = [](S& s, T o, T t) { s.options.dry_run = parse_switch(o, t); }},
      {.names = "--probes", .value = "LIST|all|none",
       .help = "kernel evidence recorded beside every run: default (the probes measured at <= 1% on the workload run), all, none, or "
               "names (schedlab list --probes), default among them (default,profile)",
       .group = kRun, .apply = [](S& s, T, T t) { s.options.probes = parse_probe_selection(t); },
       .vary_key = "probes", .recorded = true, .key = "probes", .example = "none"},
      {.names = "--profile-freq", .value = "HZ",
       .help = "samples per second of CPU time the profile probe takes of each copy task (default " +
               std::to_string(RunOptions::kDefaultProfileFreqHz) + ": prime, so not in step with the tick; its cost: "
               "docs/probes.md)",
       .group = kRun,
       .apply = [](S& s, T o, T t) {
         s.options.profile_freq_hz =
             static_cast<std::uint32_t>(parse_count(o, t, 1, static_cast<int>(RunOptions::kMaxProfileFreqHz)));
       },
       .recorded = true, .key = "profile_freq_hz", .example = "499"},
  };
}

std::vector<RunOptionSpec> scenario_options() {
  return {
      {.names = "--copies", .value = "N|auto|Kx",
       .help = "concurrent copies: N, auto (one per CPU of the set) or Kx (K per CPU) (default 1)",
       .group = kScenario, .apply = [](S& s, T o, T t) { s.scenario.copies = parse_copies(o, t); },
       .vary_key = "copies", .recorded = true, .key = "copies", .example = "2x", .identity = true},
      {.names = "--cpus", .value = "LIST",
       .help = "CPUs the copies may run on, numactl syntax: 0-3,8, all, !LIST (all but LIST), +LIST (the LIST-th "
               "allowed CPUs)",
       .group = kScenario,
       .apply = [](S& s, T o, T t) { s.scenario.cpus = parse_cpu_selection(o, t, sys::affinity_of(0)); },
       .vary_key = "cpus", .recorded = true, .key = "cpus", .example = "+0", .identity = true},
      {.names = "--pin-copies", .help = "copy i runs on the i-th CPU of the set only", .group = kScenario,
       .arity = Arity::kFlag, .apply = [](S& s, T o, T t) { s.scenario.pin_copies = parse_switch(o, t); },
       .vary_key = "pin-copies", .recorded = true, .key = "pin_copies", .example = "on", .identity = true},
      {.names = "--cgroup-depth", .value = "D",
       .help = "run in a fresh cgroup chain D levels deep (v2, and v1 cpu on hybrid hosts)", .group = kScenario,
       .apply = [](S& s, T o, T t) { s.scenario.cgroup_depth = parse_count(o, t, 0, 64); },
       .vary_key = "cgroup-depth", .recorded = true, .key = "cgroup_depth", .example = "3", .identity = true},
      {.names = "--cgroup-parent", .value = "CGROUP", .help = "where the chain is created, inside the hierarchy "
                                                              "(default /)",
       .group = kScenario, .apply = [](S& s, T o, T t) { s.scenario.cgroup_parent = parse_cgroup_parent(o, t); },
       .recorded = true, .key = "cgroup_parent", .example = "/system.slice", .identity = true},
      {.names = "--autogroup", .value = "on|off", .help = "set kernel.sched_autogroup_enabled for the run",
       .group = kScenario, .apply = [](S& s, T o, T t) { s.scenario.autogroup = parse_switch(o, t); },
       .vary_key = "autogroup", .recorded = true, .key = "autogroup", .example = "off", .identity = true},
      {.names = "--psi", .value = "on|off",
       .help = "PSI accounting (cgroup.pressure) on every level of the --cgroup-depth chain", .group = kScenario,
       .apply = [](S& s, T o, T t) { s.scenario.psi = parse_switch(o, t); },
       .vary_key = "psi", .recorded = true, .key = "psi", .example = "off", .identity = true},
      {.names = "--setsid", .help = "each copy in its own session, hence its own autogroup", .group = kScenario,
       .arity = Arity::kFlag, .apply = [](S& s, T o, T t) { s.scenario.setsid = parse_switch(o, t); },
       .vary_key = "setsid", .recorded = true, .key = "setsid", .example = "on", .identity = true},
      {.names = "--sysctl", .value = "KEY=VALUE", .help = "set a sysctl for the run (repeatable)",
       .group = kScenario, .arity = Arity::kRepeatable,
       .apply = [](S& s, T o, T t) { s.scenario.sysctls.push_back(parse_sysctl(o, t)); },
       .vary_key = "sysctl:",
       .vary = [](S& s, T o, T t) {
         auto entry = parse_sysctl(o, t);
         replace_or_append(s.scenario.sysctls, entry, [&](const auto& e) { return e.first == entry.first; });
       },
       .recorded = true, .key = "sysctl", .example = "kernel.sched_migration_cost_ns=100000", .identity = true},
      {.names = "--sched-feature", .value = "NAME|NO_NAME", .help = "set a debugfs sched feature for the run "
                                                                    "(repeatable)",
       .group = kScenario, .arity = Arity::kRepeatable,
       .apply = [](S& s, T o, T t) { s.scenario.sched_features.push_back(parse_sched_feature(o, t)); },
       .vary_key = "sched-feature",
       .vary = [](S& s, T o, T t) {
         const std::string f = parse_sched_feature(o, t);
         replace_or_append(s.scenario.sched_features, f,
                           [&](const std::string& e) { return feature_name(e) == feature_name(f); });
       },
       .recorded = true, .key = "sched_feature", .example = "NO_TTWU_QUEUE", .identity = true},
      {.names = "--policy", .value = "other|batch|idle|fifo:P|rr:P", .help = "scheduling policy of the copies",
       .group = kScenario,
       .apply = [](S& s, T o, T t) {
         const auto attr = parse_policy(o, t);
         s.scenario.policy = attr.policy;
         s.scenario.priority = attr.priority;
       },
       .vary_key = "policy", .recorded = true, .key = "policy", .example = "fifo:10", .identity = true},
      {.names = "--nice", .value = "N", .help = "nice value of the copies (-20..19)", .group = kScenario,
       .apply = [](S& s, T o, T t) { s.scenario.nice = parse_nice(o, t); }, .vary_key = "nice",
       .recorded = true, .key = "nice", .example = "5", .identity = true},
      {.names = "--allow-unapplied", .help = "run even when a control cannot be applied; record it under not_applied",
       .group = kScenario, .arity = Arity::kFlag,
       .apply = [](S& s, T o, T t) { s.scenario.allow_unapplied = parse_switch(o, t); },
       .recorded = true, .key = "allow_unapplied", .example = "on"},
  };
}

}  // namespace

const std::vector<RunOptionSpec>& run_option_specs() {
  static const std::vector<RunOptionSpec> kSpecs = [] {
    auto all = run_options();
    for (auto& s : scenario_options()) all.push_back(std::move(s));
    return all;
  }();
  return kSpecs;
}

std::string long_name(const RunOptionSpec& spec) {
  std::size_t from = 0;
  while (from < spec.names.size()) {
    const std::size_t comma = std::min(spec.names.find(',', from), spec.names.size());
    std::string name = spec.names.substr(from, comma - from);
    if (name.rfind("--", 0) == 0) return name;
    from = comma + 1;
  }
  return spec.names;
}

bool vary_setting(RunSettings& s, const std::string& key, const std::string& value) {
  const std::string option = "--vary " + key;
  for (const auto& spec : run_option_specs()) {
    if (spec.vary_key.empty()) continue;
    const bool prefix = spec.vary_key.back() == ':';
    if (prefix ? key.rfind(spec.vary_key, 0) != 0 || key.size() == spec.vary_key.size() : key != spec.vary_key)
      continue;
    const std::string text = prefix ? key.substr(spec.vary_key.size()) + "=" + value : value;
    (spec.vary ? spec.vary : spec.apply)(s, option, text);
    return true;
  }
  return false;
}

std::vector<std::string> vary_keys() {
  std::vector<std::string> keys;
  for (const auto& spec : run_option_specs())
    if (!spec.vary_key.empty()) keys.push_back(spec.vary_key.back() == ':' ? spec.vary_key + "NAME" : spec.vary_key);
  return keys;
}

}  // namespace schedlab
