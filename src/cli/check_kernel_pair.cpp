#include "cli/check_kernel_pair.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <iostream>
#include <map>
#include <random>

#include "check/verdict.h"
#include "flows/check_flow.h"
#include "cli/check_kernel.h"
#include "cli/kernels_options.h"
#include "core/descriptive.h"
#include "core/error.h"
#include "guest/kernel_files.h"
#include "session/session.h"
#include "sink/store_sink.h"
#include "store/result_file.h"
#include "sys/safe_files.h"

namespace schedlab {
namespace {

// What the baseline gives: the spec (as the guests run it) and the shape
// of the guest it was measured in.  Its values do not enter the decision.
struct PairPlan {
  KernelsTexts texts;
  std::vector<std::string> run_args;  // "run WORKLOAD ..."
  std::string metric;
  Better better = Better::kHigher;
  LookPlan looks;
};

// The baseline's spec as its guests ran it: `kernels`' words after "--".
std::vector<std::string> baseline_run_args(const ResultSet& set, const std::string& path) {
  std::vector<std::string> args;
  for (const auto& a : set.guest.value("run_args", ordered_json::array()))
    if (a.is_string()) args.push_back(a.get<std::string>());
  if (args.size() < 2 || args.front() != "run")
    throw UsageError(fmt::format("--baseline: {} does not say what its guests ran (guest.run_args); record it "
                                 "with schedlab kernels --kernel good=VMLINUZ -- run WORKLOAD ...", path));
  if (std::find(args.begin(), args.end(), "--vary") != args.end())
    throw UsageError(fmt::format("--baseline: {} was measured with --vary: a bisect step judges one spec; record "
                                 "the good kernel's baseline without --vary", path));
  return args;
}

// The shape and the spec from the baseline's guest block.
void from_baseline(const KernelPairCheck& c, PairPlan& p) {
  const ResultFile file = read_result_file(c.baseline);
  const ResultSet& set = baseline_guest_set(file, c.baseline);
  p.run_args = baseline_run_args(set, c.baseline);
  p.texts = baseline_shape_texts(set.guest);
  baseline_guest_shape(set.guest);  // the shape, checked against this host
}

PairPlan plan_pair(const WorkloadRegistry& workloads, const KernelPairCheck& c) {
  if (c.step_kernel.empty()) throw UsageError("--good-kernel: goes with --kernel STEP_VMLINUZ (the step's kernel)");
  if (c.max_blocks < 2 || c.max_blocks > 1000)
    throw UsageError("--max-boots", std::to_string(c.max_blocks), "a whole number from 2 to 1000");
  for (const auto& [option, image] : {std::pair{"--kernel", c.step_kernel}, std::pair{"--good-kernel", c.good_kernel}})
    guest::locate_kernel(option, guest::parse_kernel_arg(option, image), c.trust_kernel);  // both, before anything
  PairPlan p;
  p.texts = c.shape;
  p.run_args = c.run_args;
  if (!c.baseline.empty()) from_baseline(c, p);
  KernelsTexts& t = p.texts;
  t.kernels = {"good=" + c.good_kernel, c.step_name + "=" + c.step_kernel};
  t.boots = std::to_string(c.blocks_per_look);
  t.trust_kernel = c.trust_kernel;
  t.quiet = true;
  const auto spec = parse_guest_spec(workloads, {p.run_args.begin() + 1, p.run_args.end()});
  if (!spec || spec->described.size() != 1)
    throw UsageError("the spec: a bisect step judges one spec (no --vary, no --help)");
  const ResultSet& described = spec->described.front();
  p.metric = described.workload.primary_metric;
  const MetricSpec* m = find_metric(described.metrics, p.metric);
  if (!m) throw UsageError("the spec's primary metric " + p.metric + " has no declaration");
  p.better = m->better;
  p.looks = plan_paired_looks(static_cast<std::size_t>(c.blocks_per_look), static_cast<std::size_t>(c.max_blocks),
                              kCheckAlpha);
  return p;
}

// Each boot's median of the primary metric: a boot is the unit.  Runs
// carry their boot's number (renumbered across looks by add_look), and a
// block boots each kernel once, so good boot k and step boot k share block k.
std::map<int, double> boot_medians(const ResultSet& set, const std::string& metric) {
  std::map<int, std::vector<double>> by_boot;
  for (const auto& run : set.runs)
    if (auto v = run.values.get(metric); v && run.boot > 0) by_boot[run.boot].push_back(*v);
  std::map<int, double> out;
  for (const auto& [boot, values] : by_boot) out[boot] = stats::median(values);
  return out;
}

// The blocks both kernels completed, good and step side by side.
std::pair<std::vector<double>, std::vector<double>> paired(const ResultSet& good, const ResultSet& step,
                                                           const std::string& metric) {
  const auto g = boot_medians(good, metric), s = boot_medians(step, metric);
  std::pair<std::vector<double>, std::vector<double>> out;
  for (const auto& [boot, value] : g)
    if (auto it = s.find(boot); it != s.end()) {
      out.first.push_back(value);
      out.second.push_back(it->second);
    }
  return out;
}

// Boot lines on stderr, so that stdout holds the verdict alone.
class PairProgress final : public guest::KernelsObserver {
 public:
  explicit PairProgress(int total_blocks) : total_(total_blocks) {}
  void boot_started(const guest::KernelFiles&, const guest::BootPlace&, int, int) override {}
  void boot_finished(const guest::KernelFiles& kernel, const guest::BootPlace& place, const guest::BootOutcome& o,
                     const std::vector<ResultSet>&) override {
    std::cerr << fmt::format("schedlab check: [{}] boot (block {} of at most {}): {} in {:.1f} s\n", kernel.name,
                             blocks_before + place.block, total_, guest::to_string(o.kind), o.seconds);
  }
  void boot_retried(const guest::KernelFiles& kernel, const guest::BootPlace&, const guest::BootOutcome& o) override {
    std::cerr << fmt::format("schedlab check: [{}] boot {}: {}; trying it once more; its console's last lines:\n",
                             kernel.name, guest::to_string(o.kind), o.problem);
    for (const auto& line : o.console_tail) std::cerr << "  | " << line << "\n";
  }
  int blocks_before = 0;

 private:
  int total_;
};

struct PairEvidence {
  ResultSet good, step;
  Decision decision;
  std::size_t blocks = 0;
  std::string failure;  // a kernel that kept failing
  bool emulated = false;
};

// A look's sets into the evidence: each look's boots are numbered from 1
// again, so they follow the blocks already there.
void add_look(PairEvidence& e, std::vector<ResultSet> sets, int blocks_before) {
  for (auto& set : sets) {
    for (auto& run : set.runs)
      if (run.boot > 0) run.boot += blocks_before;
    const bool good = set.guest.value("kernel", ordered_json::object()).value("name", "") == "good";
    ResultSet& into = good ? e.good : e.step;
    if (into.label.empty()) {
      into = std::move(set);
      continue;
    }
    for (const auto& b : set.guest.value("boots", ordered_json::array())) into.guest["boots"].push_back(b);
    add_batch(into, std::move(set));
  }
}

// Looks until a verdict or the last planned look; each look boots its
// blocks, good and step in random order within each.
PairEvidence measure_pair(guest::KernelsPlan& plan, const PairPlan& p, double threshold, Session& session) {
  PairEvidence e;
  e.emulated = plan.accel.emulated();
  PairProgress progress(static_cast<int>(p.looks.runs.back()));
  std::random_device seeds;
  plan.boot_retries = 1;  // a hang or a panic is recorded and tried once more
  for (std::size_t look = 1; look <= p.looks.looks(); ++look) {
    plan.boots = static_cast<int>(p.looks.runs[look - 1] - e.blocks);
    plan.seed = (std::uint64_t{seeds()} << 32) | seeds();
    progress.blocks_before = static_cast<int>(e.blocks);
    NoSink none;
    const auto outcome = guest::run_kernels(plan, session.journal(), session.gate(), progress, none);
    add_look(e, outcome.sets, static_cast<int>(e.blocks));
    if (outcome.interrupted_by) throw Interrupted(outcome.interrupted_by);
    if (outcome.status != ExitStatus::kOk) {
      e.failure = outcome.error;
      break;
    }
    const auto [g, s] = paired(e.good, e.step, p.metric);
    e.blocks = s.size();
    if (e.blocks != p.looks.runs[look - 1]) continue;  // a look only at its planned size
    e.decision = decide_paired(g, s, p.better, threshold, p.looks, look);
    if (e.decision.verdict != Verdict::kUndecided) break;
  }
  return e;
}

// "bad: lps -12.31% vs the good kernel (repeated 95% CI -18.02% .. -6.27%),
// threshold 5%, look 3 of 6, 12 blocks of boots; emulated (QEMU's TCG)".
std::string pair_verdict_line(const KernelPairCheck& c, const PairPlan& p, const PairEvidence& e, int exit) {
  if (!e.failure.empty()) return fmt::format("skip: a kernel kept failing: {}", e.failure);
  const Decision& d = e.decision;
  if (d.look == 0)
    return fmt::format("skip: cannot tell: {} blocks of boots completed, too few for the first planned look ({})",
                       e.blocks, p.looks.runs.front());
  std::string line = fmt::format("{}: {} {:+.2f}% vs the good kernel (repeated {:.0f}% CI {:+.2f}% .. {:+.2f}%), "
                                 "threshold {}%, look {} of {}, {} blocks of boots; paired on blocks, Lan-DeMets "
                                 "Pocock-type repeated CI, alpha {}",
                                 to_string(d.verdict), p.metric, d.change_pct, (1 - kCheckAlpha) * 100,
                                 d.interval_pct.low, d.interval_pct.high, c.threshold_pct, d.look, p.looks.looks(),
                                 e.blocks, kCheckAlpha);
  if (e.emulated) line += "; emulated (QEMU's TCG): emulated costs, not the hardware's";
  if (exit == kCheckSkipExit && e.failure.empty())
    line += fmt::format(": cannot tell after {} blocks: raise --max-boots", e.blocks);
  return line;
}

void keep_pair_evidence(const KernelPairCheck& c, const PairEvidence& e, const std::string& line, int exit) {
  std::vector<ResultSet> sets;
  for (const ResultSet* s : {&e.good, &e.step})
    if (!s->label.empty()) sets.push_back(*s);
  if (!c.json.empty()) {
    ordered_json j = {{"schema", kCheckSchema}, {"design", "kernels interleaved"},
                      {"verdict", exit == 0 ? "good" : exit == 1 ? "bad" : "skip"}, {"exit", exit},
                      {"line", line}, {"blocks", e.blocks}, {"emulated", e.emulated}};
    if (!e.failure.empty()) j["failure"] = e.failure;
    if (e.decision.look > 0)
      j["change"] = {{"pct", e.decision.change_pct}, {"low", e.decision.interval_pct.low},
                     {"high", e.decision.interval_pct.high}, {"look", e.decision.look}};
    j["sets"] = sets;
    sys::write_file_atomically(c.json, j.dump(2, ' ', false, ordered_json::error_handler_t::replace) + "\n", 0644);
  }
  if (sets.empty()) return;
  StoreSink store(to_store_choice(c.store), utc_now_iso8601(), nullptr, &std::cerr);
  store.finish(sets);
}

// --dry-run: the baseline, both kernels and the spec checked; nothing booted.
int plan_only(const KernelPairCheck& c, const PairPlan& p) {
  std::cout << fmt::format("dry run: the good kernel {} and the step's {} would boot alternately in randomized "
                           "blocks of {} ({} looks, at most {} boots each) running: {}\n",
                           c.good_kernel, c.step_kernel, c.blocks_per_look, p.looks.looks(), c.max_blocks,
                           fmt::join(p.run_args, " "));
  return 0;
}

PairVerdict judge(const WorkloadRegistry& workloads, const KernelPairCheck& c, const PairPlan& p,
                  Session& session) {
  auto request = make_kernels_request(workloads, p.texts, p.run_args, c.argv);
  guest::KernelsPlan& plan = request->plan;
  plan.accel = guest::choose_accel(request->accel, plan.kernels.front().vmlinuz, plan.site.qemu, request->cache_dir,
                                   session.journal(), session.gate());
  plan.site.accel = plan.accel.accel;
  PairVerdict v;
  v.emulated = plan.accel.emulated();
  if (v.emulated && !c.emulated_ok) {
    v.line = fmt::format("skip: the guests would run under QEMU's TCG emulation ({}): a verdict on emulated costs "
                         "says little about the hardware; --emulated-ok decides anyway, marked emulated",
                         plan.accel.how);
    std::cout << v.line << "\n";
    return v;
  }
  std::cerr << fmt::format("schedlab check: the good kernel and the step's, {} blocks a look, at most {} boots "
                           "each, under {}\n", c.blocks_per_look, c.max_blocks, guest::to_string(plan.accel.accel));
  const PairEvidence e = measure_pair(plan, p, c.threshold_pct, session);
  v.exit = e.failure.empty() ? exit_status(e.decision.verdict) : kCheckSkipExit;
  v.line = pair_verdict_line(c, p, e, v.exit);
  v.blocks = e.blocks;
  v.decided_at_a_look = e.decision.look > 0;
  v.change_pct = e.decision.change_pct;
  v.low_pct = e.decision.interval_pct.low;
  v.high_pct = e.decision.interval_pct.high;
  std::cout << v.line << "\n";
  keep_pair_evidence(c, e, v.line, v.exit);
  return v;
}

void say_bad_input(const std::exception& e) {
  std::cerr << "schedlab: " << e.what() << " (check exits 255 so that git bisect run stops)\n";
}

}  // namespace

PairVerdict judge_kernel_pair(const WorkloadRegistry& workloads, const KernelPairCheck& c, Session& session) {
  const PairPlan p = plan_pair(workloads, c);
  if (c.dry_run) {
    plan_only(c, p);
    return {.exit = 0};
  }
  return judge(workloads, c, p, session);
}

int check_kernel_pair(const WorkloadRegistry& workloads, const KernelPairCheck& c) {
  PairPlan p;
  try {
    p = plan_pair(workloads, c);
    if (c.dry_run) return plan_only(c, p);
  } catch (const Interrupted&) {
    throw;
  } catch (const std::exception& e) {
    say_bad_input(e);
    return kCheckUsageExit;
  }
  try {
    Session session;
    return judge(workloads, c, p, session).exit;
  } catch (const Interrupted&) {
    throw;
  } catch (const UsageError& e) {
    say_bad_input(e);
    return kCheckUsageExit;
  } catch (const std::exception& e) {
    std::cout << "skip: " << e.what() << "\n";
    return kCheckSkipExit;
  }
}

}  // namespace schedlab
