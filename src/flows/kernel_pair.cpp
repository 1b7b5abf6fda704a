// The step judge's typed check (both kernels, the spec, the guest's shape)
// bound to its request (flows/step_judge.h): `check --kernel --good-kernel`
// and every bisect step.
#include "flows/kernel_pair.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <iostream>

#include "check/verdict.h"
#include "core/error.h"
#include "guest/guest_arch.h"
#include "guest/kernel_files.h"
#include "spec/option_bounds.h"

namespace schedlab {

PairPlan plan_kernel_pair(const KernelPairCheck& c, const GuestSpec& spec) {
  check_pair_kernels(c);
  PairPlan p;
  KernelsTexts& t = p.texts;
  t = c.shape;
  t.kernels = {"good=" + c.good_kernel, c.step_name + "=" + c.step_kernel};
  t.boots = std::to_string(c.blocks_per_look);
  t.trust_kernel = c.trust_kernel;
  t.quiet = true;
  t.side_by_side = c.side_by_side.value_or(fits_side_by_side(t));
  if (spec.described.size() != 1) throw UsageError("the spec: a bisect step judges one spec (no --vary, no --help)");
  const ResultSet& described = spec.described.front();
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

void print_pair_plan(const KernelPairCheck& c, const GuestSpec& spec, const PairPlan& p) {
  std::cout << fmt::format("dry run: the good kernel {} and the step's {} would boot {} in randomized "
                           "blocks of {} ({} looks, at most {} boots each) running: {}\n",
                           c.good_kernel, c.step_kernel, p.texts.side_by_side ? "side by side" : "alternately",
                           c.blocks_per_look, p.judgement.looks.looks(), c.max_blocks,
                           fmt::join(spec.run_args, " "));
}

void check_pair_kernels(const KernelPairCheck& c) {
  if (c.step_kernel.empty()) throw UsageError("--good-kernel: goes with --kernel STEP_VMLINUZ (the step's kernel)");
  whole_in("--max-boots", std::to_string(c.max_blocks), kMaxBootsBounds);  // its declaration's range
  for (const auto& [option, image] : {std::pair{"--kernel", c.step_kernel}, std::pair{"--good-kernel", c.good_kernel}}) {
    const auto kernel = guest::locate_kernel(option, guest::parse_kernel_arg(option, image), c.trust_kernel);  // both, before anything
    guest::require_host_arch(option, image, kernel.arch, c.command);
  }
}

PairVerdict judge_planned_pair(const WorkloadRegistry& workloads, const KernelPairCheck& c, const GuestSpec& spec, const PairPlan& p,
                               Session& session) {
  auto request = make_kernels_request(p.texts, spec, c.argv);
  return judge_pair(workloads, request, p.judgement, session);
}

PairVerdict judge_kernel_pair(const WorkloadRegistry& workloads, const KernelPairCheck& c, const GuestSpec& spec, Session& session) {
  const PairPlan p = plan_kernel_pair(c, spec);
  if (c.dry_run) {
    print_pair_plan(c, spec, p);
    return {.exit = 0};
  }
  return judge_planned_pair(workloads, c, spec, p, session);
}

}  // namespace schedlab
