// What check says and keeps: the verdict line (method, alpha, look and
// threshold named in it), the lines that explain it, the store and LAVA's
// test cases (result sinks) and the --json evidence.
#include <fmt/format.h>
#include <unistd.h>

#include <iostream>

#include "flows/check_flow.h"
#include "core/error.h"
#include "grid/lava_case_sink.h"
#include "session/session.h"
#include "sink/store_sink.h"
#include "sys/safe_files.h"

namespace schedlab {

std::vector<double> primary_values(const ResultSet& set) {
  std::vector<double> xs;
  for (const auto& run : set.runs)
    if (auto v = run.values.get(set.workload.primary_metric)) xs.push_back(*v);
  return xs;
}

std::optional<std::vector<ResultSet>> run_check_batch(const CheckArgs& a, const Loaded& l, const Experiment& exp,
                                                      Session& session, CheckProgress& observer, const char* what) {
  NoSink no_sink;
  auto outcome = run_experiment(exp, session.gate(), session.journal(), observer, no_sink);
  if (outcome.interrupted_by) throw Interrupted(outcome.interrupted_by);
  if (outcome.status == ExitStatus::kOk) return std::move(outcome.sets);
  observer.done();
  std::cout << fmt::format("skip: cannot run {} here: {}\n", what, outcome.error);
  report_check_to_lava(a, l.good->workload.primary_metric, nullptr, {});
  return std::nullopt;
}

void add_batch(ResultSet& evidence, ResultSet set) {
  if (evidence.runs.empty()) {
    evidence = std::move(set);
    return;
  }
  const int offset = static_cast<int>(evidence.runs.size());
  int last_block = 0;
  for (const auto& run : evidence.runs) last_block = std::max(last_block, run.block);
  for (auto& run : set.runs) {
    if (run.block > 0) run.block += last_block;
    evidence.runs.push_back(std::move(run));
  }
  for (auto w : set.warnings) {
    if (w.run > 0) w.run += offset;
    evidence.warnings.push_back(std::move(w));
  }
  for (size_t i = 0; i < evidence.runs.size(); ++i) evidence.runs[i].index = static_cast<int>(i) + 1;
}

std::string verdict_line(const CheckArgs& a, const Loaded& l, const CheckEvidence& e, std::size_t runs) {
  const Decision& d = e.decision;
  const ResultSet& good = *l.good;
  return fmt::format("{}: {} {:+.2f}% vs {}{} (repeated {:.0f}% CI {:+.2f}% .. {:+.2f}%), {}, look {} of {}, {} {}; "
                     "{}, alpha {}{}",
                     to_string(d.verdict), good.workload.primary_metric, d.change_pct,
                     e.design == "interleaved" ? "good program " + a.interleave : good.label,
                     l.bad ? " and bad " + l.bad->label : "", (1 - kCheckAlpha) * 100, d.interval_pct.low,
                     d.interval_pct.high,
                     l.bad ? "threshold half-way to bad" : fmt::format("threshold {}%", a.threshold), d.look,
                     l.looks.looks(), runs, e.design == "interleaved" ? "blocks" : "runs", e.procedure, kCheckAlpha,
                     d.verdict == Verdict::kUndecided && !e.reason.empty() ? ": cannot tell: " + e.reason : "");
}

namespace {

void write_evidence(const CheckArgs& a, const Loaded& l, const CheckEvidence& e, const std::vector<ResultSet>& sets,
                    const std::string& line) {
  const Decision& d = e.decision;
  ordered_json j = {{"schema", kCheckSchema},      {"verdict", to_string(d.verdict)},
                    {"exit", exit_status(d.verdict)},   {"metric", l.good->workload.primary_metric},
                    {"change_pct", d.change_pct},       {"interval_pct", {d.interval_pct.low, d.interval_pct.high}},
                    {"threshold_pct", a.threshold},     {"runs", e.runs},
                    {"alpha", kCheckAlpha},             {"look", d.look},
                    {"looks", l.looks.looks()},         {"critical_t", d.critical_t},
                    {"df", d.df},                       {"design", e.design},
                    {"procedure", e.procedure},         {"baseline", {{"file", a.baseline}, {"label", l.good->label}}},
                    {"summary", line}};
  if (!e.reason.empty() && d.verdict == Verdict::kUndecided) j["reason"] = e.reason;
  j.update(e.extra);
  if (l.bad) j["bad"] = {{"file", a.bad}, {"label", l.bad->label}};
  j["set"] = sets.front();
  if (sets.size() > 1) j["good_set"] = sets[1];
  sys::write_file_atomically(a.json, j.dump(2, ' ', false, ordered_json::error_handler_t::replace) + "\n", 0644);
}

}  // namespace

int report_check(const CheckArgs& a, const Loaded& l, const CheckEvidence& e, const std::vector<ResultSet>& sets) {
  const std::string line = verdict_line(a, l, e, e.runs);
  std::cout << line << "\n";
  for (const auto& more : e.lines) std::cout << more << "\n";
  StoreSink(a.store, *l.workloads, utc_now_iso8601(), nullptr, nullptr).finish(sets);
  if (!a.json.empty()) write_evidence(a, l, e, sets, line);
  report_check_to_lava(a, l.good->workload.primary_metric, &e, sets);
  return exit_status(e.decision.verdict);
}

void report_check_to_lava(const CheckArgs& a, const std::string& metric, const CheckEvidence* e,
                          const std::vector<ResultSet>& sets) {
  grid::LavaTestCaseSink lava(a.lava_tool, "check", "check", utc_now_iso8601(), std::cout);
  grid::LavaCase verdict{grid::lava_word("check." + metric), "skip", std::nullopt, "%"};
  if (e && e->decision.verdict != Verdict::kUndecided)
    verdict.result = e->decision.verdict == Verdict::kGood ? "pass" : "fail";
  if (e && e->decision.look > 0) verdict.measurement = e->decision.change_pct;
  lava.add_case(verdict);
  lava.skip_empty_block();
  lava.finish(sets);
  lava.rethrow_failure();
}

CheckProgress::CheckProgress(const LookPlan& plan) : line_(isatty(2) ? &std::cerr : nullptr), plan_(plan) {}

void CheckProgress::window_progress(const ResultSet&, int index, double elapsed, double length) {
  line_.show(fmt::format("check look {}/{}: run {} of {}  {:.0f}/{:.0f}s{}", look_, plan_.looks(),
                         plan_.runs[look_ - 1] - static_cast<std::size_t>(batch_left_) + static_cast<std::size_t>(index),
                         plan_.runs[look_ - 1], elapsed, length, so_far_));
}

void CheckProgress::done() { line_.clear(); }

}  // namespace schedlab
