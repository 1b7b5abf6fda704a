// The run options: how often and how long to measure, what to print and
// where to write, the evidence recorded beside (spec/run_option_table.h).
#include <fmt/format.h>

#include "core/child_environment.h"
#include "core/duration.h"
#include "core/error.h"
#include "spec/option_entries.h"
#include "spec/option_values.h"

namespace schedlab::option_entries {
namespace {

constexpr const char* kRun = kRunGroup;

Record seconds_or_null(const std::optional<std::chrono::nanoseconds>& d) {
  return d ? ordered_json(to_seconds(*d)) : ordered_json(nullptr);
}

}  // namespace

std::vector<RunOptionSpec> run_options() {
  return {
      {.names = "--runs", .value = "N", .help = "repetitions, each a fresh set of copies", .unit = "runs", .group = kRun,
       .default_text = std::to_string(RunOptions{}.runs), .range = {{1, RunOptions::kMaxRuns}},
       .set = [](E e, S& s, T o, T t) { s.options.runs = count_of(e, o, t); },
       .key = "runs", .record = [](const S& s) -> Record { return s.options.runs; }, .example = "7"},
      {.names = "-r,--duration,--runtime", .value = "TIME",
       .help = "measurement window per run: 10, 10s, 500ms, 2m", .unit = "s", .group = kRun,
       .default_text = format_duration(RunOptions::kDefaultDuration),
       .set = [](E, S& s, T o, T t) { s.options.duration = parse_duration(o, t, false); },
       .key = "duration_s", .json = Json::kSeconds,
       .record = [](const S& s) { return seconds_or_null(s.options.duration); }, .example = "1500ms",
       .identity = true},
      {.names = "-w,--warmup,--warmuptime", .value = "TIME",
       .help = "time the copies run before each window opens", .unit = "s", .group = kRun,
       .default_text = format_duration(RunOptions{}.warmup),
       .set = [](E, S& s, T o, T t) { s.options.warmup = parse_duration(o, t, true); },
       .key = "warmup_s", .json = Json::kSeconds,
       .record = [](const S& s) -> Record { return to_seconds(s.options.warmup); }, .example = "250ms",
       .identity = true},
      {.names = "--warmup-runs", .value = "N",
       .help = "runs executed first and discarded (recorded as warmup_runs)", .unit = "runs", .group = kRun,
       .default_text = std::to_string(RunOptions{}.warmup_runs), .range = {{0, RunOptions::kMaxWarmupRuns}},
       .set = [](E e, S& s, T o, T t) { s.options.warmup_runs = count_of(e, o, t); },
       .key = "warmup_runs", .record = [](const S& s) -> Record { return s.options.warmup_runs; },
       .example = "2", .identity = true},
      {.names = "--busy-threshold", .value = "PCT",
       .help = "warn when other processes use more than PCT% of the CPU set in a run", .unit = "%", .group = kRun,
       .default_text = fmt::format("{}", RunOptions::kDefaultBusyThreshold), .range = {{0, 100}},
       .set = [](E e, S& s, T o, T t) {
         s.options.busy_threshold_pct = parse_percent(o, t, e.range->min, e.range->max);
       },
       .key = "busy_threshold_pct", .record = [](const S& s) -> Record { return s.options.busy_threshold_pct; },
       .example = "12.5"},
      {.names = "--wait-idle", .value = "[=TIME]",
       .help = "before each run wait until the CPU set is quiet (at most --busy-threshold busy over a second), for "
               "at most TIME (bare: " + format_duration(RunOptions::kDefaultWaitIdle) + ")",
       .unit = "s", .group = kRun, .arity = Arity::kOptional,
       .set = [](E, S& s, T o, T t) {
         s.options.wait_idle = t.empty() ? RunOptions::kDefaultWaitIdle : parse_duration(o, t, false);
       },
       .key = "wait_idle_s", .json = Json::kSeconds,
       .record = [](const S& s) { return seconds_or_null(s.options.wait_idle); }, .example = "30s"},
      {.names = "--no-wait", .help = "when another run holds the global controls (sysctls, sched features, "
                                     "cgroups), exit 3 instead of waiting",
       .group = kRun, .arity = Arity::kFlag,
       .set = [](E, S& s, T o, T t) { s.options.no_wait = parse_switch(o, t); }, .key = "no_wait"},
      {.names = "--scrub-env", .value = "NAME",
       .help = "also keep the environment variable NAME from every child (workloads, the command, QEMU), "
               "as PGPASSWORD, LAVA_TOKEN and the store's credentials always are (repeatable)",
       .group = kRun, .arity = Arity::kRepeatable, .set = [](E, S&, T o, T t) { scrub_also(o, t); }, .key = "scrub_env"},
      {.names = "--json", .value = "FILE", .help = "write the result file here, a new file (rewritten after every run)",
       .group = kRun,
       .set = [](E, S& s, T o, T t) {
         if (t.empty()) throw UsageError(o, t, "a file name");
         s.options.json_path = t;
       },
       .key = "json", .output_file = true},
      {.names = "--force", .help = "replace an existing --json file", .group = kRun, .arity = Arity::kFlag,
       .set = [](E, S& s, T o, T t) { s.options.force_write = parse_switch(o, t); }, .key = "force"},
      {.names = "--append", .help = "add the new sets to an existing --json file of the same spec", .group = kRun,
       .arity = Arity::kFlag, .set = [](E, S& s, T o, T t) { s.options.append = parse_switch(o, t); }, .key = "append"},
      {.names = "--label", .value = "TEXT",
       .help = "name of this result set in comparisons (default: the kernel release)", .group = kRun,
       .set = [](E, S& s, T, T t) { s.options.label = t.empty() ? std::nullopt : std::optional<std::string>(t); },
       .key = "label"},
      {.names = "--quiet", .help = "print nothing on stdout; errors still go to stderr", .group = kRun,
       .arity = Arity::kFlag, .set = [](E, S& s, T o, T t) { s.options.quiet = parse_switch(o, t); }, .key = "quiet"},
      {.names = "--all", .help = "after each set, every metric's summary (default: the headline figures)",
       .group = kRun, .arity = Arity::kFlag, .set = [](E, S& s, T o, T t) { s.options.all = parse_switch(o, t); }, .key = "all"},
      {.names = "--dry-run",
       .help = "check the command line and the machine, print the plan (each variant, its spec id, the runs "
               "and about how long they take) and exit 0: nothing is measured, changed or written",
       .group = kRun, .arity = Arity::kFlag,
       .set = [](E, S& s, T o, T t) { s.options.dry_run = parse_switch(o, t); }, .key = "dry_run"},
      {.names = "--probes", .value = "LIST|all|none",
       .help = "kernel evidence recorded beside every run: default (the probes measured at <= 1% on the workload "
               "run), all, none, or names (schedlab list --probes), default among them (default,profile)",
       .group = kRun,
       .set = [](E, S& s, T o, T t) { s.options.probes = parse_probe_selection(o, t); },
       .vary_key = "probes", .key = "probes", .record = [](const S& s) -> Record { return s.options.probes.text; },
       .example = "none"},
      {.names = "--profile-freq", .value = "HZ",
       .help = "samples per second of CPU time the profile probe takes of each copy task; the default is prime, "
               "so not in step with the tick (its cost: docs/probes.md)",
       .unit = "Hz", .group = kRun, .default_text = std::to_string(RunOptions::kDefaultProfileFreqHz),
       .range = {{1, static_cast<int>(RunOptions::kMaxProfileFreqHz)}},
       .set = [](E e, S& s, T o, T t) { s.options.profile_freq_hz = static_cast<std::uint32_t>(count_of(e, o, t)); },
       .key = "profile_freq_hz", .record = [](const S& s) -> Record { return s.options.profile_freq_hz; },
       .example = "499"},
  };
}

}  // namespace schedlab::option_entries
