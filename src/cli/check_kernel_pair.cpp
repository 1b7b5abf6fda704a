// `check --kernel STEP --good-kernel GOOD`, and bisect's steps: the
// baseline (or bisect's spec and shape), both kernels and the spec bound to
// the step judge's typed request (flows/step_judge.h).
#include "cli/check_kernel_pair.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <iostream>

#include "check/verdict.h"
#include "cli/check_kernel.h"
#include "cli/kernels_options.h"
#include "core/error.h"
#include "flows/check_flow.h"
#include "guest/kernel_files.h"
#include "session/session.h"
#include "store/result_file.h"

namespace schedlab {
namespace {

// What the baseline gives: the spec (as the guests run it) and the shape
// of the guest it was measured in.  Its values do not enter the decision.
struct PairPlan {
  KernelsTexts texts;
  std::vector<std::string> run_args;  // "run WORKLOAD ..."
  PairJudgement judgement;
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
void from_baseline(const KernelPairCheck& c, PairPlan& p, const WorkloadRegistry& workloads) {
  const ResultFile file = read_result_file(c.baseline, workloads);
  const ResultSet& set = baseline_guest_set(file, c.baseline);
  p.run_args = baseline_run_args(set, c.baseline);
  p.texts = baseline_shape_texts(set.guest);
  baseline_guest_shape(set.guest);  // the shape, checked against this host
  if (!c.clock.empty()) p.texts.clock = c.clock;
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
  if (!c.baseline.empty()) from_baseline(c, p, workloads);
  KernelsTexts& t = p.texts;
  t.kernels = {"good=" + c.good_kernel, c.step_name + "=" + c.step_kernel};
  t.boots = std::to_string(c.blocks_per_look);
  t.trust_kernel = c.trust_kernel;
  t.quiet = true;
  t.side_by_side = c.side_by_side.value_or(fits_side_by_side(t));
  const auto spec = parse_guest_spec(workloads, {p.run_args.begin() + 1, p.run_args.end()});
  if (!spec || spec->described.size() != 1)
    throw UsageError("the spec: a bisect step judges one spec (no --vary, no --help)");
  const ResultSet& described = spec->described.front();
  PairJudgement& j = p.judgement;
  j.metric = described.workload.primary_metric;
  const MetricSpec* m = find_metric(described.metrics, j.metric);
  if (!m) throw UsageError("the spec's primary metric " + j.metric + " has no declaration");
  j.better = m->better;
  j.looks = plan_paired_looks(static_cast<std::size_t>(c.blocks_per_look), static_cast<std::size_t>(c.max_blocks),
                              kCheckAlpha);
  j.threshold_pct = c.threshold_pct;
  j.blocks_per_look = c.blocks_per_look;
  j.max_blocks = c.max_blocks;
  j.emulated_ok = c.emulated_ok;
  j.json = c.json;
  j.store = to_store_choice(c.store);
  return p;
}

// --dry-run: the baseline, both kernels and the spec checked; nothing booted.
int plan_only(const KernelPairCheck& c, const PairPlan& p) {
  std::cout << fmt::format("dry run: the good kernel {} and the step's {} would boot {} in randomized "
                           "blocks of {} ({} looks, at most {} boots each) running: {}\n",
                           c.good_kernel, c.step_kernel, p.texts.side_by_side ? "side by side" : "alternately",
                           c.blocks_per_look, p.judgement.looks.looks(), c.max_blocks,
                           fmt::join(p.run_args, " "));
  return 0;
}

PairVerdict judge(const WorkloadRegistry& workloads, const KernelPairCheck& c, const PairPlan& p,
                  Session& session) {
  auto request = make_kernels_request(workloads, p.texts, p.run_args, c.argv);
  return judge_pair(workloads, *request, p.judgement, session);
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
