// The step judge as a flow (flows/step_judge.h): looks of interleaved
// boots of the good kernel and the step's until the paired sequential test
// decides, the verdict line, the evidence (--json, the store through a
// StoreSink).
#include "flows/step_judge.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <iostream>
#include <map>
#include <random>

#include "core/cpu_list.h"
#include "core/descriptive.h"
#include "core/error.h"
#include "flows/check_flow.h"
#include "session/session.h"
#include "sink/store_sink.h"
#include "sys/safe_files.h"

namespace schedlab {
namespace {

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
  bool counted = false;  // the guests' time counted emulated instructions
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
PairEvidence measure_pair(guest::KernelsPlan& plan, const PairJudgement& p, Session& session) {
  PairEvidence e;
  e.emulated = plan.accel.emulated();
  e.counted = guest::counts_instructions(plan.accel.accel, plan.site.shape);
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
    e.decision = decide_paired(g, s, p.better, p.threshold_pct, p.looks, look);
    if (e.decision.verdict != Verdict::kUndecided) break;
  }
  return e;
}

// "bad: lps -12.31% vs the good kernel (repeated 95% CI -18.02% .. -6.27%),
// threshold 5%, look 3 of 6, 12 blocks of boots; emulated (QEMU's TCG)".
std::string pair_verdict_line(const PairJudgement& p, const PairEvidence& e, int exit) {
  if (!e.failure.empty()) return fmt::format("skip: a kernel kept failing: {}", e.failure);
  const Decision& d = e.decision;
  if (d.look == 0)
    return fmt::format("skip: cannot tell: {} blocks of boots completed, too few for the first planned look ({})",
                       e.blocks, p.looks.runs.front());
  std::string line = fmt::format("{}: {} {:+.2f}% vs the good kernel (repeated {:.0f}% CI {:+.2f}% .. {:+.2f}%), "
                                 "threshold {}%, look {} of {}, {} blocks of boots; paired on blocks, Lan-DeMets "
                                 "Pocock-type repeated CI, alpha {}",
                                 to_string(d.verdict), p.metric, d.change_pct, (1 - kCheckAlpha) * 100,
                                 d.interval_pct.low, d.interval_pct.high, p.threshold_pct, d.look, p.looks.looks(),
                                 e.blocks, kCheckAlpha);
  if (e.emulated && e.counted)
    line += fmt::format("; emulated (QEMU's TCG), instructions counted ({} ns of guest time each): the measured "
                        "path's instructions, not the hardware's costs", guest::kNsPerInstruction);
  else if (e.emulated)
    line += "; emulated (QEMU's TCG): emulated costs, not the hardware's";
  if (exit == kCheckSkipExit && e.failure.empty())
    line += fmt::format(": cannot tell after {} blocks: raise --max-boots", e.blocks);
  return line;
}

void keep_pair_evidence(const PairJudgement& c, const PairEvidence& e, const std::string& line, int exit,
                        const WorkloadRegistry& workloads) {
  std::vector<ResultSet> sets;
  for (const ResultSet* s : {&e.good, &e.step})
    if (!s->label.empty()) sets.push_back(*s);
  if (!c.json.empty()) {
    ordered_json j = {{"schema", kCheckSchema}, {"design", "kernels interleaved"},
                      {"verdict", exit == 0 ? "good" : exit == 1 ? "bad" : "skip"}, {"exit", exit},
                      {"line", line}, {"blocks", e.blocks}, {"emulated", e.emulated},
                      {"clock", to_string(e.counted ? guest::GuestClock::kInstructions : guest::GuestClock::kHost)}};
    if (!e.failure.empty()) j["failure"] = e.failure;
    if (e.decision.look > 0)
      j["change"] = {{"pct", e.decision.change_pct}, {"low", e.decision.interval_pct.low},
                     {"high", e.decision.interval_pct.high}, {"look", e.decision.look}};
    j["sets"] = sets;
    sys::write_file_atomically(c.json, j.dump(2, ' ', false, ordered_json::error_handler_t::replace) + "\n", 0644);
  }
  if (sets.empty()) return;
  StoreSink store(c.store, workloads, utc_now_iso8601(), nullptr, &std::cerr);
  store.finish(sets);
}

// "side by side on host CPUs 0 and 1" or "one boot at a time".
std::string boots_how(const guest::KernelsPlan& plan) {
  if (plan.side_by_side.empty()) return "one boot at a time";
  std::vector<std::string> groups;
  for (const auto& g : plan.side_by_side) groups.push_back(format_cpu_list(g));
  return fmt::format("side by side on host CPUs {}", fmt::join(groups, " and "));
}

}  // namespace

PairVerdict judge_pair(const WorkloadRegistry& workloads, KernelsRequest& request, const PairJudgement& judgement,
                       Session& session) {
  guest::KernelsPlan& plan = request.plan;
  plan.accel = guest::choose_accel(request.accel, plan.site.shape.clock, plan.kernels.front().vmlinuz,
                                  plan.kernels.front().arch,
                                   plan.site.qemu, request.cache_dir, session.journal(), session.gate());
  plan.site.accel = plan.accel.accel;
  PairVerdict v;
  v.emulated = plan.accel.emulated();
  v.counted = guest::counts_instructions(plan.accel.accel, plan.site.shape);
  if (v.emulated && !judgement.emulated_ok) {
    v.line = fmt::format("skip: the guests would run under QEMU's TCG emulation ({}): a verdict on emulated costs "
                         "says little about the hardware; --emulated-ok decides anyway, marked emulated",
                         plan.accel.how);
    std::cout << v.line << "\n";
    return v;
  }
  std::cerr << fmt::format("schedlab check: the good kernel and the step's, {}, {} blocks a look, at most {} boots "
                           "each, under {}\n", boots_how(plan), judgement.blocks_per_look, judgement.max_blocks,
                           guest::to_string(plan.accel.accel));
  const PairEvidence e = measure_pair(plan, judgement, session);
  v.exit = e.failure.empty() ? exit_status(e.decision.verdict) : kCheckSkipExit;
  v.line = pair_verdict_line(judgement, e, v.exit);
  v.blocks = e.blocks;
  v.decided_at_a_look = e.decision.look > 0;
  v.change_pct = e.decision.change_pct;
  v.low_pct = e.decision.interval_pct.low;
  v.high_pct = e.decision.interval_pct.high;
  std::cout << v.line << "\n";
  keep_pair_evidence(judgement, e, v.line, v.exit, workloads);
  return v;
}

}  // namespace schedlab
