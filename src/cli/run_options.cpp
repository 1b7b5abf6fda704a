#include "cli/run_options.h"

#include "cli/path_options.h"

#include <cctype>
#include <cstdlib>
#include <cstring>

#include "core/cpu_list.h"
#include "core/duration.h"
#include "core/error.h"
#include "core/whole_number.h"
#include "scenario/sched_policy.h"
#include "sys/affinity.h"

namespace schedlab {
namespace {

constexpr int kMaxRuns = 100000;

int parse_int(const std::string& option, const std::string& text, int min, int max) {
  if (auto v = parse_whole_number(text, min, max)) return *v;
  throw UsageError(option, text,
                   "a whole number from " + std::to_string(min) + " to " + std::to_string(max));
}

double parse_percent(const std::string& option, const std::string& text) {
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (text.empty() || *end != '\0' || !(v >= 0 && v <= 100))
    throw UsageError(option, text, "a percentage from 0 to 100, e.g. 5");
  return v;
}

bool is_word(const std::string& text, const char* extra) {
  for (char c : text)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && !std::strchr(extra, c)) return false;
  return !text.empty();
}

std::pair<std::string, std::string> parse_sysctl(const std::string& text) {
  const size_t eq = text.find('=');
  const std::string key = text.substr(0, eq);
  if (eq == std::string::npos || !is_word(key, ".-/") || eq + 1 >= text.size())
    throw UsageError("--sysctl", text, "KEY=VALUE with a dotted key as sysctl(8) takes it");
  return {key, text.substr(eq + 1)};
}

void add_scenario_options(CLI::App& app, RunOptionTexts& t) {
  const char* g = "Scenario options";
  app.add_flag("--pin-copies", t.pin_copies, "copy i runs on the i-th CPU of the set only")->group(g);
  app.add_option("--cgroup-depth", t.cgroup_depth,
                 "run in a fresh cgroup chain D levels deep (v2, and v1 cpu on hybrid hosts)")
      ->type_name("D")->group(g);
  app.add_option("--cgroup-parent", t.cgroup_parent, "where the chain is created, inside the hierarchy "
                                                     "(default /)")
      ->type_name("CGROUP")->group(g);
  app.add_option("--autogroup", t.autogroup, "set kernel.sched_autogroup_enabled for the run")
      ->type_name("on|off")->group(g);
  app.add_option("--psi", t.psi,
                 "PSI accounting (cgroup.pressure) on every level of the --cgroup-depth chain")
      ->type_name("on|off")->group(g);
  app.add_flag("--setsid", t.setsid, "each copy in its own session, hence its own autogroup")->group(g);
  app.add_option("--sysctl", t.sysctls, "set a sysctl for the run (repeatable)")
      ->type_name("KEY=VALUE")->group(g)->take_all();
  app.add_option("--sched-feature", t.sched_features,
                 "set a debugfs sched feature for the run (repeatable)")
      ->type_name("NAME|NO_NAME")->group(g)->take_all();
  app.add_option("--policy", t.policy, "scheduling policy of the copies")
      ->type_name("other|batch|idle|fifo:P|rr:P")->group(g);
  app.add_option("--nice", t.nice, "nice value of the copies (-20..19)")->type_name("N")->group(g);
  app.add_flag("--allow-unapplied", t.allow_unapplied,
               "run even when a control cannot be applied; record it under not_applied")->group(g);
  app.add_option("--vary", t.vary,
                 "one result set per value, runs interleaved in randomized blocks (repeatable: "
                 "full factorial); KEY is a scenario control or a workload option")
      ->type_name("KEY=V1,V2,...")->group("Experiment options")->take_all();
  app.add_option("--seed", t.seed, "seed of the randomized block order (default: random, recorded)")
      ->type_name("N")->group("Experiment options");
}

}  // namespace

void add_run_options(CLI::App& app, RunOptionTexts& t) {
  app.add_option("--runs", t.runs, "repetitions, each a fresh set of copies (default 5)")
      ->type_name("N")->group("Run options");
  app.add_option("-r,--duration,--runtime", t.duration,
                 "measurement window per run: 10, 10s, 500ms, 2m (default 10s)")
      ->type_name("TIME")->group("Run options");
  app.add_option("-w,--warmup,--warmuptime", t.warmup, "time the copies run before each window opens (default 0)")
      ->type_name("TIME")->group("Run options");
  app.add_option("--warmup-runs", t.warmup_runs,
                 "runs executed first and discarded (recorded as warmup_runs) (default 0)")
      ->type_name("N")->group("Run options");
  app.add_option("--busy-threshold", t.busy_threshold,
                 "warn when other processes use more than PCT% of the CPU set in a run (default 5)")
      ->type_name("PCT")->group("Run options");
  // An optional value: CLI11 calls a vector callback even when none is given.
  app.add_option_function<std::vector<std::string>>(
         "--wait-idle",
         [&t](const std::vector<std::string>& v) {
           t.wait_idle_given = true;
           t.wait_idle = v.empty() ? "" : v.back();
         },
         "before each run wait until the CPU set is quiet (at most --busy-threshold busy over a "
         "second), for at most TIME (default 5m)")
      ->type_name("[=TIME]")->group("Run options")->expected(0, 1)->allow_extra_args(false);
  app.add_flag("--no-wait", t.no_wait,
               "when another run holds the global controls (sysctls, sched features, cgroups), "
               "exit 3 instead of waiting")
      ->group("Run options");
  add_output_file(app, "--json", t.json, "write the result file here, a new file (rewritten after every run)",
                  {.unless = {"--force", "--append"}})
      ->group("Run options")
      ->each([&t](const std::string&) { t.json_given = true; });
  app.add_flag("--force", t.force, "replace an existing --json file")->group("Run options");
  app.add_flag("--append", t.append, "add the new sets to an existing --json file of the same spec")
      ->group("Run options");
  app.add_option("--label", t.label, "name of this result set in comparisons (default: kernel release)")
      ->type_name("TEXT")->group("Run options");
  app.add_flag("--quiet", t.quiet, "print nothing on stdout; errors still go to stderr")
      ->group("Run options");
  app.add_flag("--lava", t.lava,
               "in a LAVA test shell: report each set with lava-test-case and print the result file into the "
               "job's log for schedlab lava collect; the store is then SCHEDLAB_STORE if the test shell has "
               "it, else none")
      ->group("Run options");
  app.add_option("--probes", t.probes,
                 "kernel evidence recorded beside every run: default (every probe costing <= 1%), "
                 "all, none, or names (schedlab list --probes)")
      ->type_name("LIST|all|none")->group("Run options");
  app.add_option("--copies", t.copies,
                 "concurrent copies: N, auto (one per CPU of the set) or Kx (K per CPU) (default 1)")
      ->type_name("N|auto|Kx")->group("Scenario options");
  app.add_option("--cpus", t.cpus, "CPUs the copies may run on, numactl syntax: 0-3,8, all, !LIST (all but LIST), +LIST (the LIST-th allowed CPUs)")
      ->type_name("LIST")->group("Scenario options")
      ->each([&t](const std::string&) { t.cpus_given = true; });
  add_scenario_options(app, t);
}

bool parse_switch(const std::string& option, const std::string& text) {
  for (const char* yes : {"on", "true", "yes", "1"})
    if (text == yes) return true;
  for (const char* no : {"off", "false", "no", "0"})
    if (text == no) return false;
  throw UsageError(option, text, "on or off");
}

RunOptions to_run_options(const RunOptionTexts& t) {
  RunOptions o;
  o.runs = parse_int("--runs", t.runs, 1, kMaxRuns);
  if (!t.duration.empty()) o.duration = parse_duration("--duration", t.duration, false);
  o.warmup = parse_duration("--warmup", t.warmup, true);
  o.warmup_runs = parse_int("--warmup-runs", t.warmup_runs, 0, 1000);
  o.busy_threshold_pct = parse_percent("--busy-threshold", t.busy_threshold);
  if (t.wait_idle_given)
    o.wait_idle = t.wait_idle.empty() ? RunOptions::kDefaultWaitIdle
                                      : parse_duration("--wait-idle", t.wait_idle, false);
  if (t.json_given && t.json.empty()) throw UsageError("--json", "", "a file name");
  if (!t.json.empty()) o.json_path = t.json;
  if (!t.label.empty()) o.label = t.label;
  o.quiet = t.quiet;
  o.no_wait = t.no_wait;
  o.probes = parse_probe_selection(t.probes);
  o.force_write = t.force;
  o.append = t.append;
  return o;
}

ScenarioRequest to_scenario(const RunOptionTexts& t) {
  ScenarioRequest r;
  r.copies = parse_copies("--copies", t.copies);
  if (t.cpus_given) r.cpus = parse_cpu_selection("--cpus", t.cpus, sys::affinity_of(0));
  r.pin_copies = t.pin_copies;
  r.cgroup_depth = parse_int("--cgroup-depth", t.cgroup_depth, 0, 64);
  if (t.cgroup_parent.empty() || t.cgroup_parent[0] != '/' ||
      t.cgroup_parent.find("..") != std::string::npos)
    throw UsageError("--cgroup-parent", t.cgroup_parent, "an absolute path inside the hierarchy, e.g. /");
  r.cgroup_parent = t.cgroup_parent;
  if (!t.autogroup.empty()) r.autogroup = parse_switch("--autogroup", t.autogroup);
  if (!t.psi.empty()) {
    r.psi = parse_switch("--psi", t.psi);
    if (r.cgroup_depth < 1)
      throw UsageError("--psi", t.psi, "with --cgroup-depth 1 or more (cgroup.pressure is written on "
                                       "the levels of the run's own cgroup chain)");
  }
  r.setsid = t.setsid;
  for (const auto& s : t.sysctls) r.sysctls.push_back(parse_sysctl(s));
  for (const auto& f : t.sched_features) {
    if (!is_word(f, "")) throw UsageError("--sched-feature", f, "NAME or NO_NAME, e.g. NO_TTWU_QUEUE");
    r.sched_features.push_back(f);
  }
  if (!t.policy.empty()) {
    const auto attr = parse_policy("--policy", t.policy);
    r.policy = attr.policy;
    r.priority = attr.priority;
  }
  if (!t.nice.empty()) r.nice = parse_nice("--nice", t.nice);
  r.allow_unapplied = t.allow_unapplied;
  return r;
}

}  // namespace schedlab
