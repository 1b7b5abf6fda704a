#include "cli/run_options.h"

#include <charconv>

#include "core/cpu_list.h"
#include "core/duration.h"
#include "core/error.h"

namespace schedlab {
namespace {

constexpr int kMaxRuns = 100000;

int parse_runs(const std::string& text) {
  int v = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size() || v < 1 || v > kMaxRuns)
    throw UsageError("--runs", text, "a whole number from 1 to " + std::to_string(kMaxRuns));
  return v;
}

}  // namespace

void add_run_options(CLI::App& app, RunOptionTexts& t) {
  app.add_option("--runs", t.runs, "repetitions, each a fresh set of copies (default 5)")
      ->type_name("N")->group("Run options");
  app.add_option("--duration", t.duration,
                 "measurement window per run: 10, 10s, 500ms, 2m (default 10s)")
      ->type_name("TIME")->group("Run options");
  app.add_option("--warmup", t.warmup, "time the copies run before each window opens (default 0)")
      ->type_name("TIME")->group("Run options");
  app.add_option("--json", t.json, "write the result file here (rewritten after every run)")
      ->type_name("FILE")->group("Run options");
  app.add_option("--label", t.label, "name of this result set in comparisons (default: kernel release)")
      ->type_name("TEXT")->group("Run options");
  app.add_flag("--quiet", t.quiet, "print nothing on stdout; errors still go to stderr")
      ->group("Run options");
  app.add_option("--copies", t.copies,
                 "concurrent copies: N, auto (one per CPU of the set) or Kx (K per CPU) (default 1)")
      ->type_name("N|auto|Kx")->group("Scenario options");
  app.add_option("--cpus", t.cpus, "CPUs the copies may run on, numactl syntax: 0-3,8")
      ->type_name("LIST")->group("Scenario options")
      ->each([&t](const std::string&) { t.cpus_given = true; });
}

RunOptions to_run_options(const RunOptionTexts& t) {
  RunOptions o;
  o.runs = parse_runs(t.runs);
  if (!t.duration.empty()) o.duration = parse_duration("--duration", t.duration, false);
  o.warmup = parse_duration("--warmup", t.warmup, true);
  if (!t.json.empty()) o.json_path = t.json;
  if (!t.label.empty()) o.label = t.label;
  o.quiet = t.quiet;
  return o;
}

ScenarioRequest to_scenario(const RunOptionTexts& t) {
  ScenarioRequest r;
  r.copies = parse_copies("--copies", t.copies);
  if (t.cpus_given) r.cpus = parse_cpu_list("--cpus", t.cpus);
  return r;
}

}  // namespace schedlab
