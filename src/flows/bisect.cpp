// The bisect loop: git steps, builds, the step judge, the state kept after
// every step, resume.
#include "flows/bisect.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <iostream>
#include <thread>

#include "check/verdict.h"
#include "flows/check_flow.h"
#include "core/error.h"
#include "core/sha256.h"
#include "flows/bisect_build.h"
#include "flows/kernel_pair.h"
#include "flows/kernels_request.h"
#include "guest/initramfs.h"
#include "input/files.h"
#include "session/session.h"
#include "spec/option_bounds.h"

namespace schedlab {
namespace {

namespace fs = std::filesystem;

// The bisect's own directory: the good kernel's image, the build logs and,
// by default, the build directory.  Per tree, under the cache.
std::string work_dir_for(const GitTree& tree) {
  const std::string base = guest::guest_cache_dir();
  const std::string name = sha256_hex(tree.dir()).substr(0, 16);
  return (fs::path(base) / "bisect" / name).string();
}

// Everything a new bisect is checked for before it changes anything.
BisectState plan_new(const BisectRequest& r, const GitTree& tree) {
  const BisectTexts& t = r.texts;
  BisectState s = r.checked;
  if (tree.bisecting() || read_bisect_state(tree.git_dir()))
    throw UsageError("--tree", tree.dir(), "a tree with no bisect in progress (schedlab bisect --resume --tree DIR "
                                           "continues one; git bisect reset ends it)");
  if (const auto dirty = tree.changes(); !dirty.empty())
    throw UsageError("--tree", tree.dir(), "a clean tree (git status shows changes: commit or stash them)");
  s.tree = tree.dir();
  s.good = tree.commit(t.good, "--good");
  s.bad = tree.commit(t.bad, "--bad");
  if (s.good == s.bad || !tree.is_ancestor(s.good, s.bad))
    throw UsageError("--good", t.good, fmt::format("an ancestor of --bad {}", t.bad));
  s.original_head = tree.head();
  if (!t.config.empty()) s.config = fs::canonical(t.config).string();
  s.work_dir = work_dir_for(tree);
  s.build_dir = t.build_dir.empty() ? s.work_dir + "/build" : fs::absolute(t.build_dir).string();
  return s;
}

KernelPairCheck step_check(const BisectState& s, const std::string& commit, const std::string& step_image) {
  KernelPairCheck c;
  c.step_kernel = step_image;
  c.step_name = "step-" + commit.substr(0, 12);
  c.command = "bisect";
  c.good_kernel = s.good_image;
  c.shape.vcpus = s.vcpus;
  c.shape.memory = s.memory;
  c.shape.accel = s.accel;
  c.shape.clock = s.clock;
  c.threshold_pct = s.threshold;
  c.max_blocks = s.max_boots;
  c.emulated_ok = s.emulated_ok;
  c.side_by_side = s.side_by_side;
  c.argv = {"schedlab", "bisect"};
  return c;
}

BuildRecipe recipe_of(const BisectState& s) {
  return {s.build_cmd, s.work_dir + "/step", s.config, s.build_dir, s.work_dir + "/logs", s.jobs};
}

// The good revision's kernel, built once and kept apart from the build
// directory the steps reuse.
void build_good_kernel(const GitTree& tree, BisectState& s, Session& session) {
  std::cerr << fmt::format("schedlab bisect: building the good revision {} ({})\n", s.good.substr(0, 12),
                           tree.subject(s.good));
  tree.checkout_detached(s.good);
  const BuiltKernel k = build_kernel(tree, recipe_of(s), s.good, session.gate());
  if (!k.ok) throw Error(ExitStatus::kWorkloadFailed, "the good revision does not build: " + k.why);
  std::error_code ec;
  fs::remove_all(s.work_dir + "/good", ec);
  s.good_image = keep_kernel(k.image, s.work_dir + "/good");
}

// The judge's verdict on a step that built.
void judge_step(const WorkloadRegistry& workloads, const BisectState& s, const GuestSpec& spec, const std::string& image, BisectStep& step,
                Session& session) {
  const PairVerdict v = judge_kernel_pair(workloads, step_check(s, step.commit, image), spec, session);
  step.verdict = v.exit == 0 ? "good" : v.exit == 1 ? "bad" : "skip";
  if (v.exit == kCheckSkipExit) step.why = v.line;
  if (v.decided_at_a_look) {
    step.change_pct = v.change_pct;
    step.low_pct = v.low_pct;
    step.high_pct = v.high_pct;
  }
  step.boots = static_cast<int>(v.blocks);
  step.emulated = v.emulated;
  step.counted = v.counted;
}

// One step: build what git checked out, judge it, mark it.  Returns git's
// answer to the mark.
std::string run_step(const WorkloadRegistry& workloads, const GitTree& tree, BisectState& s, const GuestSpec& spec,
                     Session& session) {
  BisectStep step;
  step.commit = tree.head_commit();
  step.subject = tree.subject(step.commit);
  const BuiltKernel k = build_kernel(tree, recipe_of(s), step.commit, session.gate());
  step.build_s = k.seconds;
  const auto judged_from = std::chrono::steady_clock::now();
  if (!k.ok) {
    step.verdict = "skip";
    step.why = "does not build: " + k.why;
  } else {
    judge_step(workloads, s, spec, k.image, step, session);
  }
  step.judge_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - judged_from).count();
  std::string answer = tree.mark(step.verdict);
  s.steps.push_back(step);
  write_bisect_state(tree.git_dir(), s);
  return answer;
}

// "step 3: 1a2b3c4d5e6f sched/fair: ... (about 2 steps after this; ~14 min left)"
void say_progress(const GitTree& tree, const BisectState& s, const std::string& answer) {
  double spent = 0;
  for (const auto& step : s.steps) spent += step.build_s + step.judge_s;
  const auto left = steps_left(answer);
  std::string eta;
  if (left && !s.steps.empty())
    eta = fmt::format("; ~{:.0f} min left", spent / static_cast<double>(s.steps.size()) * (*left + 1) / 60);
  const std::string head = tree.head_commit();
  std::cerr << fmt::format("schedlab bisect: step {}: {} {}{}{}\n", s.steps.size() + 1, head.substr(0, 12),
                           tree.subject(head), left ? fmt::format(" (about {} steps after this)", *left) : "", eta);
}

// The end: the commit (or git's answer why there is none), the tree back.
BisectOutcome finish(const GitTree& tree, const BisectState& s, const std::string& answer) {
  BisectOutcome out{s, first_bad_commit(answer), "", answer};
  out.emulated = std::any_of(s.steps.begin(), s.steps.end(), [](const auto& x) { return x.emulated; });
  out.counted = std::all_of(s.steps.begin(), s.steps.end(), [](const auto& x) { return x.counted; });
  if (out.first_bad) out.first_bad_subject = tree.subject(*out.first_bad);
  tree.end_bisect(s.original_head);
  remove_bisect_state(tree.git_dir());
  return out;
}

BisectOutcome walk(const WorkloadRegistry& workloads, const GitTree& tree, BisectState& s, const GuestSpec& spec,
                   Session& session, std::string answer) {
  for (;;) {
    if (first_bad_commit(answer) || only_skipped_left(answer)) return finish(tree, s, answer);
    say_progress(tree, s, answer);
    answer = run_step(workloads, tree, s, spec, session);
    std::cerr << "schedlab bisect: " << s.steps.back().commit.substr(0, 12) << " is " << s.steps.back().verdict
              << (s.steps.back().change_pct ? " (" + step_change_text(s.steps.back()) + ")" : "") << "\n";
  }
}

// The options a bisect was started with, from its state.
BisectTexts texts_of(const BisectState& s) {
  BisectTexts t;
  t.tree = s.tree;
  t.good = s.good;
  t.bad = s.bad;
  t.config = s.config;
  t.jobs = std::to_string(s.jobs);
  t.build_cmd = s.build_cmd;
  t.build_dir = s.build_dir;
  t.threshold = fmt::format("{}", s.threshold);
  t.max_boots = std::to_string(s.max_boots);
  t.vcpus = s.vcpus;
  t.memory = s.memory;
  t.accel = s.accel;
  t.clock = s.clock;
  t.emulated_ok = s.emulated_ok;
  t.side_by_side = s.side_by_side.value_or(false);
  t.one_at_a_time = !s.side_by_side.value_or(true);
  return t;
}

}  // namespace

BisectState check_bisect_options(const BisectTexts& t, const std::vector<std::string>& spec) {
  if (t.good.empty() || t.bad.empty()) throw UsageError("--good and --bad: both are needed to start a bisect");
  if (spec.empty() || spec.front() != "run")
    throw UsageError("bisect: the spec after '--' is missing: schedlab bisect --tree DIR --good REV --bad REV -- run "
                     "WORKLOAD [options]");
  if (!t.build_cmd.empty() && !t.config.empty())
    throw UsageError("--config: not with --build-cmd (the command builds the kernel its own way)");
  BisectState s;
  s.spec = spec;
  s.build_cmd = t.build_cmd;
  // The texts' ranges are their declarations' (spec/option_bounds.h): the
  // command line is checked while parsed, a resumed bisect's saved texts here.
  s.jobs = t.jobs.empty() ? static_cast<int>(std::max(1u, std::thread::hardware_concurrency()))
                          : static_cast<int>(whole_in("--jobs", t.jobs, kJobsBounds));
  s.threshold = real_in("--threshold", t.threshold, kThresholdBounds, "a percentage", "5");
  s.max_boots = static_cast<int>(whole_in("--max-boots", t.max_boots, kMaxBootsBounds));
  s.emulated_ok = t.emulated_ok;
  s.side_by_side = side_by_side_choice(t.side_by_side, t.one_at_a_time);
  s.vcpus = t.vcpus;
  s.memory = t.memory;
  s.accel = t.accel;  // kvm|tcg: its declaration's words; the kernels request checks a saved one
  s.clock = t.clock;
  parse_guest_shape(s.vcpus, s.memory, "", "", s.clock);  // the shape, checked on this host
  return s;
}

BisectOutcome start_bisect(const WorkloadRegistry& workloads, const BisectRequest& r) {
  const BisectTexts& t = r.texts;
  if (!t.config.empty()) input::read_named_file(t.config, input::kKernelConfig);  // a regular file, within limits
  const GitTree tree(t.tree, "--tree");
  BisectState s = plan_new(r, tree);
  Session session;
  write_bisect_state(tree.git_dir(), s);  // from here on, --resume knows where HEAD was
  try {
    build_good_kernel(tree, s, session);
    s.started = true;
    const std::string answer = tree.bisect({"start", s.bad, s.good});
    write_bisect_state(tree.git_dir(), s);
    return walk(workloads, tree, s, r.spec, session, answer);
  } catch (const Interrupted&) {
    if (!s.started) {  // nothing to resume: the tree goes back as it was
      tree.return_to(s.original_head);
      remove_bisect_state(tree.git_dir());
    } else {
      std::cerr << fmt::format("schedlab bisect: interrupted; schedlab bisect --resume --tree {} continues (git "
                               "bisect reset ends it)\n", tree.dir());
    }
    throw;
  } catch (const std::exception&) {
    if (s.started) tree.end_bisect(s.original_head);
    else tree.return_to(s.original_head);
    remove_bisect_state(tree.git_dir());
    throw;
  }
}

BisectState bisect_in_progress(const std::string& tree_dir) {
  const GitTree tree(tree_dir, "--tree");
  auto state = read_bisect_state(tree.git_dir());
  if (!state) throw UsageError("--resume", tree_dir, "a tree with a schedlab bisect in progress (none is)");
  return std::move(*state);
}

BisectOutcome resume_bisect(const WorkloadRegistry& workloads, const std::string& tree_dir, BisectState s,
                            const GuestSpec& spec) {
  const GitTree tree(tree_dir, "--tree");
  if (!s.started) {  // killed while the good kernel built: start over, as it was asked
    tree.return_to(s.original_head);
    remove_bisect_state(tree.git_dir());
    BisectTexts texts = texts_of(s);
    BisectState checked = check_bisect_options(texts, s.spec);
    return start_bisect(workloads, {std::move(texts), std::move(checked), spec});
  }
  Session session;
  if (!tree.bisecting()) throw UsageError("--resume", tree_dir, "a tree where git's bisect is still in progress");
  std::cerr << fmt::format("schedlab bisect: resuming after {} steps\n", s.steps.size());
  return walk(workloads, tree, s, spec, session, tree.bisect({"log"}));
}

std::string step_change_text(const BisectStep& s) {
  if (!s.change_pct) return "-";
  return fmt::format("{:+.1f}% [{:+.1f}, {:+.1f}]", *s.change_pct, *s.low_pct, *s.high_pct);
}

}  // namespace schedlab
