// `schedlab suite quick|lkml [--scale quick|full] [--json DIR]`: named
// bundles of runs.  quick: every workload briefly, one summary table.
// lkml: the four reported regressions' scenarios at this machine's scale,
// each an interleaved --vary comparison printed in mmtests' style.
#include <fmt/format.h>
#include <fmt/ranges.h>

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
#include "flows/suite.h"
#include "cli/run_parse.h"
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
RunRequest scenario_request(const Registries& registries, const SuiteRun& r) {
  std::vector<std::string> argv = {"schedlab", "run"};
  argv.insert(argv.end(), r.args.begin(), r.args.end());
  auto request = bind_run(registries, r.args, argv);
  if (!request) throw std::logic_error("suite " + r.name + ": a scenario asked for --help");
  return std::move(*request);
}

// --dry-run: each scenario's plan, checked as its run would be; nothing
// is measured and no directory is made.
int plan_suite(const std::string& name, const std::vector<SuiteRun>& runs, std::vector<RunRequest> requests,
               const store::StoreChoice& store, const Registries& registries) {
  for (size_t i = 0; i < runs.size(); ++i) {
    std::cout << fmt::format("\n== {} {}: {}\n", name, runs[i].name, runs[i].title);
    requests[i].settings.options.dry_run = true;
    requests[i].store = store;  // the suite's, as its runs would record
    run_flow(registries, requests[i]);
  }
  return 0;
}

// The quick summary's row of a scenario, read as it finishes (a scratch
// directory is gone when the suite ends).
std::vector<std::string> quick_row(const SuiteRun& r, const std::string& file, const WorkloadRegistry& workloads) {
  try {
    const auto set = read_result_file(file, workloads).sets.at(0);
    const auto s = set.summarize();
    const auto it = s.find(set.workload.primary_metric);
    return {r.name, set.workload.primary_metric, it == s.end() ? "-" : human_number(it->second.mean),
            it == s.end() ? "-" : fmt::format("{:.1f}%", it->second.cv_pct), std::to_string(set.runs.size()),
            to_string(set.status)};
  } catch (const std::exception&) {
    return {r.name, "-", "-", "-", "0", "no result"};
  }
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

// The suite as text: a line on stderr before each scenario, its failure,
// and after it (lkml) the verdict and the tables; (quick) a summary at the end.
class SuiteText final : public SuiteObserver {
 public:
  SuiteText(const Registries& registries, std::string name, const std::vector<SuiteRun>& runs,
            std::size_t kernels, bool full)
      : registries_(registries), name_(std::move(name)), runs_(runs), kernels_(kernels), full_(full) {}

  RunPresentation starting(std::size_t i, double eta_after_s) override {
    std::cerr << fmt::format("schedlab suite {}: {}/{} {}: {}\n", name_, i + 1, runs_.size(), runs_[i].name,
                             runs_[i].title);
    return {true, fmt::format("suite {} {}/{}: ", name_, i + 1, runs_.size()), eta_after_s};
  }

  void failed(std::size_t i, const Error& error) override {
    std::cerr << fmt::format("schedlab suite: {}: {}\n", runs_[i].name, error.what());
  }

  void finished(std::size_t i, const std::string& file) override {
    if (name_ == "quick") quick_.add_row(quick_row(runs_[i], file, registries_.workloads));
    if (name_ == "lkml" && !file.empty()) std::cout << lkml_tables(runs_[i], file);
  }

  std::string summary() const { return name_ == "quick" ? quick_.render() : ""; }

 private:
  std::string lkml_tables(const SuiteRun& r, const std::string& file) const {
    std::string out = fmt::format("\n== {}: {}\n", r.name, r.title);
    try {
      auto sets = read_result_file(file, registries_.workloads).sets;
      // On kernels: each variant across the kernels, the sets as written (kernel after kernel).
      if (kernels_ > 0) return out + format_kernel_comparisons(sets, kernels_, registries_);
      // Tables beside the verdict read in its direction: its base first.
      if (r.claim) sets = in_claim_order(*r.claim, std::move(sets));
      if (r.claim) out += format_claim(*r.claim, judge_claim(*r.claim, sets, registries_));
      if (full_) out += format_mmtests(build_comparison(sets, CompareOptions{}, registries_));
      return out + format_evidence(r.evidence, sets, registries_);
    } catch (const Error& e) {
      return out + "no comparison: " + e.what() + "\n";
    }
  }

  const Registries& registries_;
  std::string name_;
  const std::vector<SuiteRun>& runs_;
  std::size_t kernels_;
  bool full_;
  Table quick_{{"workload", "metric", "mean", "CoeffVar", "runs", "status"}};
};

// Every scenario bound to its typed request before the first runs: a bad
// one is one line and nothing is measured.
std::vector<SuiteScenario> bind_scenarios(const Registries& registries, const std::vector<SuiteRun>& runs,
                                          bool on_kernels) {
  std::vector<SuiteScenario> scenarios;
  scenarios.reserve(runs.size());
  for (const auto& r : runs) {
    if (!on_kernels) {
      scenarios.push_back({r.name, scenario_request(registries, r), std::nullopt, "1"});
      continue;
    }
    const auto [words, boots] = scenario_on_kernels(r.args);
    auto guest = parse_guest_spec(registries, words);
    if (!guest) throw std::logic_error("suite " + r.name + ": a scenario asked for --help");
    scenarios.push_back({r.name, scenario_request(registries, r), std::move(guest), boots});
  }
  return scenarios;
}

}  // namespace

int suite_command(const Registries& registries, const std::string& name, const std::string& scale,
                  const std::string& json_dir, const StoreOptionTexts& store_texts, const SuiteKernels& kernels_given,
                  bool full, const std::string& only, bool dry_run, bool lava) {
  // `name` and `scale` are their declarations' words (cli/grid_option_entries.cpp).
  SuiteRequest request;
  request.kernels = suite_kernels(name, kernels_given.list, kernels_given.trusted, dry_run);  // empty: on this host
  if (lava && !request.kernels.empty())
    throw UsageError("--lava", "", "a suite on this host (--lava reports to LAVA's test shell; --kernels boots guests)");
  request.store = lava ? lava_store_texts(store_texts) : store_texts;
  to_store_choice(request.store);  // a bad --store: refused before any run
  const auto runs = only_scenario(name == "quick" ? quick_runs() : lkml_runs(scale == "full"), only);
  if (dry_run) {
    std::vector<RunRequest> requests;
    requests.reserve(runs.size());
    for (const auto& r : runs) requests.push_back(scenario_request(registries, r));
    return plan_suite(name, runs, std::move(requests), to_store_choice(request.store), registries);
  }
  request.scenarios = bind_scenarios(registries, runs, !request.kernels.empty());
  request.json_dir = json_dir;
  request.lava = lava;
  request.trust_kernel = kernels_given.trusted;
  SuiteText text(registries, name, runs, request.kernels.size(), full);
  const int worst = run_suite_flow(registries, request, text);
  std::cout << text.summary();
  if (!json_dir.empty()) std::cout << "result files: " << json_dir << "\n";
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
