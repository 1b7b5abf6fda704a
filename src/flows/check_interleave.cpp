// check's interleaved design (--interleave GOOD): the good program is
// re-measured now, in randomized blocks with the current one — each block
// runs both, in random order — so that whatever state the machine is in
// hits both sides of a block alike (Abedi & Brecht, ICPE 2017: randomized
// multiple interleaved trials).  The verdict is the paired one on the
// blocks' log differences, with the same sequential looks as the
// sequential design (check/verdict.h, decide_paired).
#include <fmt/format.h>

#include <cmath>
#include <iostream>
#include <map>
#include <random>

#include "flows/check_flow.h"
#include "core/error.h"
#include "session/session.h"

namespace schedlab {
namespace {

// The primary metric of both sets for the blocks they share, in block order.
std::pair<std::vector<double>, std::vector<double>> by_block(const ResultSet& good, const ResultSet& current) {
  std::map<int, double> g;
  for (const auto& run : good.runs)
    if (auto v = run.values.get(good.workload.primary_metric); v && run.block > 0) g[run.block] = *v;
  std::pair<std::vector<double>, std::vector<double>> out;
  for (const auto& run : current.runs) {
    const auto v = run.values.get(current.workload.primary_metric);
    const auto it = g.find(run.block);
    if (!v || it == g.end()) continue;
    out.first.push_back(it->second);
    out.second.push_back(*v);
  }
  return out;
}

std::string undecided_reason(const Decision& d, std::size_t blocks) {
  if (d.look == 0) return "too few blocks completed to decide";
  return fmt::format("the paired interval still straddles the threshold after {} blocks: raise --max-runs "
                     "(blocks, with --interleave)",
                     blocks);
}

}  // namespace

int measure_interleaved(const CheckArgs& a, Loaded& l) {
  RunSetup& current = *l.setup;
  RunSetup& good = *l.good_setup;
  Session session;
  session.hold_global_controls(changes_global_state(current.spec.scenario), current.options().no_wait);
  CheckProgress observer(l.looks);
  ResultSet good_evidence, evidence;
  CheckEvidence e{.design = "interleaved", .procedure = "Lan-DeMets Pocock-type repeated CI, paired on blocks"};
  std::random_device seeds;
  for (std::size_t look = 1; look <= l.looks.looks(); ++look) {
    const int blocks = static_cast<int>(l.looks.runs[look - 1] - evidence.runs.size());
    current.spec.options.runs = good.spec.options.runs = blocks;
    observer.at_look(look, "");
    observer.batch(blocks);
    const Experiment exp{{good, current}, (std::uint64_t{seeds()} << 32) | seeds(), a.argv, current.options()};
    auto sets = run_check_batch(a, l, exp, session, observer, "the interleaved blocks");
    if (!sets) return kCheckSkipExit;
    current.spec.options.warmup_runs = good.spec.options.warmup_runs = 0;
    add_batch(good_evidence, std::move((*sets)[0]));
    add_batch(evidence, std::move((*sets)[1]));
    const auto [g, c] = by_block(good_evidence, evidence);
    if (c.size() != l.looks.runs[look - 1]) continue;  // a look only at its planned size
    e.decision = decide_paired(g, c, l.better, a.threshold, l.looks, look);
    e.runs = c.size();
    if (e.decision.verdict != Verdict::kUndecided) break;
  }
  observer.done();
  if (e.decision.verdict == Verdict::kUndecided) e.reason = undecided_reason(e.decision, e.runs);
  e.lines.push_back(fmt::format("model: {} blocks of {} and {} in random order: no between-sitting term", e.runs,
                                a.interleave, "the current program"));
  e.extra["between_sessions"] = {{"source", "same-session"}, {"summary", "interleaved blocks"}};
  e.extra["interleave"] = {{"good_program", a.interleave}, {"blocks", e.runs}};
  return report_check(a, l, e, {evidence, good_evidence});
}

// The program a spec runs, replaced by `good`: the workload's program
// option (exec --program, shell --shell) or the first word of its command
// (command -- CMD ...).  UsageError when the spec runs no program.
RunSpec with_good_program(const RunSpec& spec, const std::string& good) {
  RunSpec out = spec;
  for (const auto& p : spec.workload->info().params) {
    if (p.kind == ParamKind::kProgram) {
      out.params.set(p.name, parse_param(p, good));
      return out;
    }
    if (p.kind == ParamKind::kCommand) {
      auto words = spec.params.list(p.name);
      if (words.empty()) break;
      words.front() = good;
      out.params.set(p.name, parse_param_list(p, words));
      return out;
    }
  }
  throw UsageError("--interleave", good,
                   fmt::format("a baseline whose workload runs a program (exec --program, shell --shell, command -- "
                               "CMD); {} runs none: interleave kernels with check --kernel or schedlab kernels",
                               spec.workload->info().name));
}

}  // namespace schedlab
