// `schedlab suite quick|lkml [--scale quick|full] [--json DIR]`: named
// bundles of runs.  quick: every workload briefly, one summary table.
// lkml: the four reported regressions' scenarios at this machine's scale,
// each an interleaved --vary comparison printed in mmtests' style.
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <iostream>

#include "cli/command_options.h"
#include "cli/command.h"
#include "cli/commands.h"
#include "cli/suite_kernels.h"
#include "flows/suite_evidence.h"
#include "compare/claim.h"
#include "compare/comparison.h"
#include "core/error.h"
#include "report/compare_reporters.h"
#include "flows/run.h"
#include "grid/lava_report.h"
#include "store/result_file.h"
#include "report/table.h"
#include "report/wrap.h"
#include "core/descriptive.h"
#include "sys/affinity.h"

namespace schedlab {
namespace {

namespace fs = std::filesystem;

// The probes the lkml scenarios record: the default selection, which takes
// on each workload only the probes measured not to move its figures
// (probes/measured_cost.h).  The per-task perf counters cost the fork and
// wakeup scenarios 10-30% (docs/probes.md), so the evidence counts context
// switches machine-wide (proc-counters' ctxt) and says how to ask for the
// per-task counters where they are left out.
constexpr const char* kSuiteProbes = "default";

struct SuiteRun {
  std::string name;               // result file stem
  std::string title;              // what it reproduces
  std::vector<std::string> args;  // after `schedlab run`
  Evidence evidence;              // lkml: what the report's thread went looking for
  std::optional<Claim> claim;     // lkml: what the report claims, as this scenario's A/B
};

// The answer in 80 columns: the verdict, the change with its interval
// beside the report's figure, then what the verdict rests on.
std::string format_claim(const Claim& claim, const ClaimAnswer& a) {
  std::string line = to_string(a.verdict) + ":";
  if (a.interval_pct)
    line += fmt::format(" {} {:+.1f}% [{:+.1f}, {:+.1f}]", claim.metric, a.change_pct, a.interval_pct->low,
                        a.interval_pct->high);
  line += " " + claim.effect;
  if (!claim.reported.empty()) line += fmt::format(" (report: {})", claim.reported);
  return wrap(line, kTextWidth, "", "  ") + "\n" + wrap(a.why, kTextWidth, "  ", "  ") + "\n";
}

// Each workload three times, briefly: the quick start's taste of every
// workload in about 40 s on two CPUs (docs/build.md counts it in the quick
// start's four minutes).  Three runs are the fewest a spread is read from.
std::vector<SuiteRun> quick_runs() {
  return {{"spawn", "UnixBench spawn, one copy per CPU",
           {"spawn", "--copies", "auto", "--duration", "2s", "--runs", "3"}},
          {"execl", "UnixBench execl", {"execl", "--duration", "2s", "--runs", "3"}},
          {"exec", "fork+exec /bin/true", {"exec", "--iterations", "1000", "--runs", "3"}},
          {"context", "UnixBench context1", {"context", "--duration", "2s", "--runs", "3"}},
          {"shell", "UnixBench shell8, one copy per CPU",
           {"shell", "--concurrent", "8", "--copies", "auto", "--duration", "3s", "--runs", "3"}},
          {"command", "a shell loop of 300 /bin/true, timed",
           {"command", "--runs", "3", "--discard-output", "--", "/bin/sh", "-c",
            "i=0; while [ $i -lt 300 ]; do /bin/true; i=$((i+1)); done"}},
          {"wakeup", "schbench -m 1", {"wakeup", "-m", "1", "--duration", "2s", "--runs", "3"}}};
}

// Four LKML reports, at this machine's scale: the fork benchmark and
// autogroup (Hagar Hemdan, Feb 2025), UnixBench Shell Scripts (Jul 2023),
// Jan Kara's /bin/true loop (Jun 2023), schbench and PSI (Chris Mason, May 2025).
std::vector<SuiteRun> lkml_runs(bool full) {
  const std::string runs = full ? "10" : "3", duration = full ? "30s" : "3s";
  const auto cpus = sys::affinity_of(0);
  const std::string last_cpu = std::to_string(cpus.back());
  const std::string m = std::to_string(std::max<size_t>(1, std::min<size_t>(4, cpus.size() - 1)));
  const std::vector<std::string> common = {"--runs", runs, "--allow-unapplied", "--seed", "1"};
  auto with = [&](std::vector<std::string> a) {
    a.insert(a.end(), common.begin(), common.end());
    return a;
  };
  std::vector<std::string> wakeup = {"wakeup", "-L", "-n", "0", "-m", m, "--probes", kSuiteProbes};
  if (cpus.size() > 1) wakeup.insert(wakeup.end(), {"-M", "auto"});  // needs a CPU for the workers
  wakeup.insert(wakeup.end(), {"--duration", duration});
  auto wakeup_psi = wakeup;  // the suspected cause as an A/B on one kernel: PSI off in the chain
  wakeup.insert(wakeup.end(), {"--vary", "sleep-us=100,0", "--vary", "cgroup-depth=0,3"});
  wakeup_psi.insert(wakeup_psi.end(), {"-s", "0", "--vary", "cgroup-depth=3,8", "--vary", "psi=on,off"});
  const Evidence schbench{"PSI on/off and wakeup latency",
                          {"rps", "wakeup_p50_us", "wakeup_p99_us", "psi_chain_cpu_some_us",
                           "ctxt_per_loop"}};
  return {
      {"fork-autogroup", "fork benchmark lost 30% with autogroup (UnixBench spawn -c CPUs)",
       with({"spawn", "--copies", "auto", "--duration", duration, "--probes", kSuiteProbes, "--vary",
             "autogroup=off,on", "--vary", "cgroup-depth=0,3"}),
       {"idle share and migrations", {"set_cpu_idle_pct", "cpu_idle_pct", "cpu_migrations_per_loop"}},
       Claim{"lps", {{"autogroup", "off"}, {"cgroup-depth", "0"}}, {{"autogroup", "on"}, {"cgroup-depth", "0"}},
             "autogroup on vs off", -10, "-10% x86_64, -30% aarch64"}},
      {"shell-scripts", "UnixBench Shell Scripts (8 concurrent) lost 8% at 4-8 copies per CPU",
       with({"shell", "--concurrent", "8", "--duration", duration, "--probes", kSuiteProbes, "--vary",
             "copies=auto,4x"}),
       {"migrations and run delay", {"cpu_migrations_per_loop", "run_delay_us_per_loop", "psi_cpu_some_us"}},
       Claim{"lpm", {{"copies", "auto"}}, {{"copies", "4x"}}, "4 copies per CPU vs 1", -8,
             "-8% between kernels", true}},
      {"exec-true", "20000 x /bin/true pinned to one CPU 12% slower (shell_bench.sh)",
       with({"exec", "--cpus", last_cpu, "--iterations", full ? "20000" : "5000", "--probes", kSuiteProbes,
             "--vary", "via-shell=off,on"}),
       {"system time and faults per exec", {"sys_s", "set_cpu_sys_pct", "page_faults_per_loop", "pgfault_per_loop"}},
       Claim{"exec_us", {{"via-shell", "off"}}, {{"via-shell", "on"}}, "the bash loop vs the C loop", 12,
             "+12% between kernels", true}},
      {"schbench-psi", "schbench RPS and wakeup latency lost to PSI with nested cgroups", with(wakeup), schbench,
       Claim{"rps", {{"sleep-us", "100"}, {"cgroup-depth", "0"}}, {{"sleep-us", "100"}, {"cgroup-depth", "3"}},
             "3 cgroup levels vs none", std::nullopt, ""}},
      {"schbench-psi-switch", "the same, PSI switched off in the chain (cgroup.pressure), depth 3, 8",
       with(wakeup_psi), schbench,
       Claim{"rps", {{"cgroup-depth", "8"}, {"psi", "off"}}, {{"cgroup-depth", "8"}, {"psi", "on"}},
             "PSI on vs off, 8 levels", -8, "-8%, nested cgroups"}},
      {"context-psi", "a pinned pipe ping-pong at cgroup depth 8, PSI on and off",
       with({"context", "--placement", "same-cpu", "--duration", duration, "--cgroup-depth", "8", "--probes",
             kSuiteProbes, "--vary", "psi=on,off"}),
       {"what PSI costs per switch", {"lps", "ctxt_per_loop", "psi_chain_cpu_some_us"}},
       Claim{"lps", {{"psi", "off"}}, {{"psi", "on"}}, "PSI on vs off, 8 levels", std::nullopt, ""}}};
}

// A scenario's words bound once to the run flow's request.  The command
// line each set records is the `schedlab run ...` that reproduces it,
// without the suite's own result file and store.
RunRequest scenario_request(const WorkloadRegistry& workloads, const SuiteRun& r) {
  std::vector<std::string> argv = {"schedlab", "run"};
  argv.insert(argv.end(), r.args.begin(), r.args.end());
  auto request = bind_run(workloads, r.args, argv);
  if (!request) throw std::logic_error("suite " + r.name + ": a scenario asked for --help");
  return std::move(*request);
}

// --dry-run: each scenario's plan, checked as its run would be; nothing
// is measured and no directory is made.
int plan_suite(const std::string& name, const std::vector<SuiteRun>& runs, std::vector<RunRequest> requests,
               const Registries& registries) {
  for (size_t i = 0; i < runs.size(); ++i) {
    std::cout << fmt::format("\n== {} {}: {}\n", name, runs[i].name, runs[i].title);
    requests[i].settings.options.dry_run = true;
    run_flow(registries, requests[i]);
  }
  return 0;
}

// One scenario on this host: its sets into `json` (replaced), the suite's
// store and, with --lava, LAVA's test cases named after the scenario.
int run_one(const Registries& registries, const SuiteRun& r, RunRequest request, const std::string& json,
            const RunPresentation& shown, const store::StoreChoice& store, bool lava) {
  RunOptions& o = request.settings.options;
  o.quiet = true;
  o.force_write = true;
  o.json_path = json;
  request.store = store;
  request.lava = lava;
  request.lava_name = r.name;
  try {
    return run_flow(registries, request, shown);
  } catch (const Interrupted&) {
    throw;
  } catch (const Error& e) {
    std::cerr << fmt::format("schedlab suite: {}: {}\n", r.name, e.what());
    return static_cast<int>(e.status());
  }
}

std::string quick_summary(const std::vector<std::pair<SuiteRun, std::string>>& done,
                          const WorkloadRegistry& workloads) {
  Table table({"workload", "metric", "mean", "CoeffVar", "runs", "status"});
  for (const auto& [r, file] : done) {
    try {
      const auto set = read_result_file(file, workloads).sets.at(0);
      const auto s = set.summarize();
      const auto it = s.find(set.workload.primary_metric);
      table.add_row({r.name, set.workload.primary_metric,
                     it == s.end() ? "-" : human_number(it->second.mean),
                     it == s.end() ? "-" : fmt::format("{:.1f}%", it->second.cv_pct),
                     std::to_string(set.runs.size()), to_string(set.status)});
    } catch (const std::exception&) {
      table.add_row({r.name, "-", "-", "-", "0", "no result"});
    }
  }
  return table.render();
}

// The scenario --scenario names, or all of them.
std::vector<SuiteRun> only_scenario(std::vector<SuiteRun> runs, const std::string& only) {
  if (only.empty()) return runs;
  std::vector<std::string> names;
  for (const auto& r : runs)
    if (r.name == only) return {r};
    else names.push_back(r.name);
  throw UsageError("--scenario", only, fmt::format("one of {}", fmt::join(names, ", ")));
}

// A scratch directory for the result files when --json is not given,
// removed on every path (Ctrl-C unwinds through here as Interrupted).
class ResultDir {
 public:
  explicit ResultDir(const std::string& kept) : path_(kept) {
    if (!path_.empty()) return;
    char tmpl[] = "/tmp/schedlab-suite-XXXXXX";
    if (!mkdtemp(tmpl)) throw SystemError("suite: mkdtemp", tmpl, errno);
    path_ = tmpl;
    owned_ = true;
  }
  ~ResultDir() {
    std::error_code ec;
    if (owned_) fs::remove_all(path_, ec);
  }
  ResultDir(const ResultDir&) = delete;
  ResultDir& operator=(const ResultDir&) = delete;
  const std::string& path() const { return path_; }

 private:
  std::string path_;
  bool owned_ = false;
};

}  // namespace

int suite_command(const Registries& registries, const std::string& name, const std::string& scale,
                  const std::string& json_dir, const StoreOptionTexts& store_texts, const SuiteKernels& kernels_given,
                  bool full, const std::string& only, bool dry_run, bool lava) {
  const WorkloadRegistry& workloads = registries.workloads;
  // `name` and `scale` are their declarations' words (cli/grid_option_entries.cpp).
  const auto kernels = suite_kernels(name, kernels_given.list, kernels_given.trusted, dry_run);  // empty: on this host
  if (lava && !kernels.empty())
    throw UsageError("--lava", "", "a suite on this host (--lava reports to LAVA's test shell; --kernels boots guests)");
  const StoreOptionTexts store = lava ? lava_store_texts(store_texts) : store_texts;
  const store::StoreChoice store_choice = to_store_choice(store);  // a bad --store: refused before any run
  const auto runs = only_scenario(name == "quick" ? quick_runs() : lkml_runs(scale == "full"), only);
  std::vector<RunRequest> requests;
  requests.reserve(runs.size());
  for (const auto& r : runs) requests.push_back(scenario_request(workloads, r));
  if (dry_run) return plan_suite(name, runs, std::move(requests), registries);
  if (lava) grid::find_lava_test_case();  // not in a LAVA test shell: one line before the first run
  if (!json_dir.empty() && mkdir(json_dir.c_str(), 0755) != 0 && errno != EEXIST)
    throw SystemError("suite: create the --json directory", json_dir, errno);
  const ResultDir results(json_dir);
  const std::string& dir = results.path();
  std::vector<std::pair<SuiteRun, std::string>> done;
  std::vector<double> nominal;  // the bundle's ETA: each run's warmup and windows
  nominal.reserve(runs.size());
  for (const auto& r : requests) nominal.push_back(nominal_run_seconds(r));
  int worst = 0;
  for (size_t i = 0; i < runs.size(); ++i) {
    const std::string file = fmt::format("{}/{}.json", dir, runs[i].name);
    std::cerr << fmt::format("schedlab suite {}: {}/{} {}: {}\n", name, i + 1, runs.size(), runs[i].name,
                             runs[i].title);
    double after = 0;
    for (size_t k = i + 1; k < runs.size(); ++k) after += nominal[k];
    const RunPresentation shown{true, fmt::format("suite {} {}/{}: ", name, i + 1, runs.size()), after};
    worst = std::max(worst, kernels.empty() ? run_one(registries, runs[i], requests[i], file, shown, store_choice, lava)
                                            : run_scenario_on_kernels(registries, runs[i].name, runs[i].args, kernels,
                                                                      kernels_given.trusted, file, store));
    done.emplace_back(runs[i], file);
    if (name == "lkml" && fs::exists(file)) {
      std::cout << fmt::format("\n== {}: {}\n", runs[i].name, runs[i].title);
      try {
        auto sets = read_result_file(file, workloads).sets;
        // Tables beside the verdict read in its direction: its base first.
        if (runs[i].claim) sets = in_claim_order(*runs[i].claim, std::move(sets));
        if (kernels.empty()) {
          if (runs[i].claim) std::cout << format_claim(*runs[i].claim, judge_claim(*runs[i].claim, sets, registries));
          if (full) std::cout << format_mmtests(build_comparison(sets, CompareOptions{}, registries));
          std::cout << format_evidence(runs[i].evidence, sets, registries);
        } else {
          std::cout << format_kernel_comparisons(sets, kernels.size(), registries);
        }
      } catch (const Error& e) {
        std::cout << "no comparison: " << e.what() << "\n";
      }
    }
  }
  if (name == "quick") std::cout << quick_summary(done, workloads);
  if (!json_dir.empty()) std::cout << "result files: " << dir << "\n";
  return worst;
}

Command add_suite(CLI::App& app, const CommandContext& context) {
  struct SuiteArgs {
    std::string name, scale = "quick", json, kernels, only;
    bool trust_kernel = false, full = false;
    bool lava = false;
    StoreOptionTexts store;
  };
  auto a = std::make_shared<SuiteArgs>();
  auto* suite = app.add_subcommand("suite", "named bundles: quick (every workload briefly), lkml "
                                            "(the four reported regressions' scenarios)");
  // Each bound to its declaration (cli/grid_option_entries.cpp).
  for (auto [name, target] : {std::pair{"suite", &a->name}, {"--scale", &a->scale}, {"--json", &a->json},
                              {"--kernels", &a->kernels}, {"--scenario", &a->only}})
    bind_option(*suite, "suite", name, *target);
  for (auto [name, target] :
       {std::pair{"--full", &a->full}, {"--trust-kernel", &a->trust_kernel}, {"--lava", &a->lava}})
    bind_option(*suite, "suite", name, *target);
  add_store_options(*suite, a->store, true);
  return {suite,
          [a, &context] {
            return suite_command(context.registries(), a->name, a->scale, a->json, a->store,
                                 {a->kernels, a->trust_kernel}, a->full, a->only, context.dry_run, a->lava);
          },
          2, true, DryRun::kPlans};
}

}  // namespace schedlab
