#include "guest/kernels_run.h"

#include <fmt/format.h>
#include <string.h>

#include <algorithm>
#include <exception>
#include <filesystem>
#include <functional>
#include <thread>

#include "core/cpu_list.h"
#include "core/duration.h"
#include "input/json_document.h"
#include "stats/block_plan.h"
#include "sys/reaper.h"

namespace schedlab::guest {
namespace {

constexpr const char* kResultFile = "out.json";

}  // namespace

namespace {

// Why a boot that ran its command still failed: the guest's own ERROR, or
// the last line it wrote to stderr.
std::string command_failure(const BootOutcome& o, const std::vector<ResultSet>& guest_sets) {
  for (const auto& set : guest_sets)
    if (set.status != Status::kPass && !set.error.empty()) return set.error;
  const auto text = o.stderr_text.substr(0, o.stderr_text.find_last_not_of('\n') + 1);
  const auto line = text.substr(text.find_last_of('\n') + 1);
  return fmt::format("the guest's schedlab exited with status {}{}", o.exit_status, line.empty() ? "" : ": " + line);
}

ExitStatus status_of(int guest_exit) {
  if (guest_exit >= 2 && guest_exit <= 5) return static_cast<ExitStatus>(guest_exit);
  return ExitStatus::kWorkloadFailed;
}

class KernelsRun {
 public:
  KernelsRun(const KernelsPlan& plan, KernelsObserver& observer,
             ResultSink& sink)
      : plan_(plan), observer_(observer), sink_(sink), booted_(plan.kernels.size(), 0),
        completed_(plan.kernels.size(), 0) {
    for (std::size_t k = 0; k < plan.kernels.size(); ++k) {
      std::vector<ResultSet> sets;
      for (const auto& d : plan.described) sets.push_back(initial_set(k, d));
      sets_.push_back(std::move(sets));
    }
  }

  // One boot; false when the invocation must end (saved first).
  bool boot(const stats::PlannedRun& planned, int index, int total, Journal& journal, sys::SignalGate& gate) {
    const std::size_t k = static_cast<std::size_t>(planned.variant);
    const BootPlace place = begin(planned, index, total);
    Attempts a = attempt(plan_.site, k, seed_of(planned.block), journal, gate,
                         [&](const BootOutcome& o) { observer_.boot_retried(plan_.kernels[k], place, o); });
    return settle(k, place, a, false);
  }

  // One block with every kernel booted at the same time, kernel j of the
  // block's drawn order on the j-th group of host CPUs: what slows the host
  // (a speed state, another tenant) slows both alike.  false when the
  // invocation must end.
  bool boot_side_by_side(const std::vector<stats::PlannedRun>& block, int first_index, int total, Journal& journal,
                         sys::SignalGate& gate) {
    std::vector<BootPlace> places;
    for (std::size_t j = 0; j < block.size(); ++j)
      places.push_back(begin(block[j], first_index + static_cast<int>(j), total));
    std::vector<Attempts> attempts(block.size());
    {
      std::vector<std::jthread> threads;
      for (std::size_t j = 0; j < block.size(); ++j) {
        BootSite site = plan_.site;
        site.shape.host_cpus = plan_.side_by_side[j];
        threads.emplace_back([this, &attempts, &journal, &gate, j, site = std::move(site), planned = block[j]] {
          attempts[j] = attempt(site, static_cast<std::size_t>(planned.variant), seed_of(planned.block), journal, gate,
                                nullptr, true);
        });
      }
    }
    sys::kill_all_children();  // what the guests' helpers left, now that none is running
    // Every boot of the block is settled, the completed ones first: a guest
    // that failed beside one that completed must not cost the completed
    // one's runs, and the failure's stop then counts them.
    std::vector<std::size_t> order(block.size());
    for (std::size_t j = 0; j < order.size(); ++j) order[j] = j;
    std::stable_partition(order.begin(), order.end(), [&](std::size_t j) {
      return !attempts[j].error && completed(attempts[j].outcomes.back());
    });
    bool ok = true;
    for (const std::size_t j : order)
      ok = settle(static_cast<std::size_t>(block[j].variant), places[j], attempts[j], true) && ok;
    return ok;
  }

  KernelsOutcome finish() {
    out_.sets = all();
    return std::move(out_);
  }

 private:
  // A boot's attempts: the outcome of each, and what ended them when it was
  // not an outcome (an interrupt, a host-side failure).
  struct Attempts {
    std::vector<BootOutcome> outcomes;
    std::exception_ptr error;
  };

  BootPlace begin(const stats::PlannedRun& planned, int index, int total) {
    const std::size_t k = static_cast<std::size_t>(planned.variant);
    const BootPlace place{++booted_[k], planned.block, plan_.runs_per_boot, sequence_};
    observer_.boot_started(plan_.kernels[k], place, index, total);
    return place;
  }

  // The --seed block b's guests get under --vary without a seed of its own.
  std::string seed_of(int block) const {
    return plan_.seed_per_block ? std::to_string(plan_.seed + static_cast<unsigned>(block)) : "";
  }

  // Boots kernel k until it completes or plan.boot_retries are spent.  Safe
  // to run in a thread beside another's: it touches nothing of the run's.
  Attempts attempt(const BootSite& site, std::size_t k, const std::string& seed, Journal& journal,
                   sys::SignalGate& gate, const std::function<void(const BootOutcome&)>& retried,
                   bool alongside = false) const {
    Attempts a;
    try {
      for (int attempt = 0;; ++attempt) {
        const GuestCommand c = command(plan_.kernels[k], seed);
        a.outcomes.push_back(alongside ? boot_guest_alongside(site, plan_.kernels[k], plan_.images[k], c, journal, gate)
                                       : boot_guest(site, plan_.kernels[k], plan_.images[k], c, journal, gate));
        if (completed(a.outcomes.back()) || attempt >= plan_.boot_retries) break;
        if (retried) retried(a.outcomes.back());
      }
    } catch (...) {
      a.error = std::current_exception();
    }
    return a;
  }

  // Records a boot's attempts and adds its runs; false when the invocation
  // must end (saved first).  `replay`: tell the observer of the retries now
  // (they ran in a thread, unseen).
  bool settle(std::size_t k, BootPlace place, const Attempts& a, bool replay) {
    const KernelFiles& kernel = plan_.kernels[k];
    place.sequence = sequence_;
    const std::string seed = seed_of(place.block);
    for (std::size_t i = 0; i < a.outcomes.size(); ++i) {
      record_boot(k, place, a.outcomes[i], seed);
      if (replay && i + 1 < a.outcomes.size()) observer_.boot_retried(kernel, place, a.outcomes[i]);
    }
    if (a.error) {
      try {
        std::rethrow_exception(a.error);
      } catch (const Interrupted& sig) {
        out_.interrupted_by = sig.signal_number();
        return stop(fmt::format("interrupted by SIG{}", sigabbrev_np(sig.signal_number())));
      } catch (const Error& e) {
        return fail(k, e.status(), fmt::format("{} boot {}: {}", kernel.name, place.boot, e.what()));
      }
    }
    const BootOutcome& o = a.outcomes.back();
    const bool ok = absorb(k, place, o);
    observer_.boot_finished(kernel, place, o, sets_[k]);
    if (ok) {
      ++completed_[k];
      sink_.save(all());
    }
    return ok;
  }

  ResultSet initial_set(std::size_t k, const ResultSet& described) const {
    ResultSet set = described;
    const std::string& name = plan_.kernels[k].name;
    set.label = described.label.empty() ? name : name + " " + described.label;
    set.argv = plan_.argv;
    set.guest = describe_guest(plan_, k);
    set.emulated = plan_.accel.emulated();
    if (set.emulated)
      set.warnings.push_back({"emulated", 0, fmt::format("measured in a guest under QEMU's TCG emulation ({}): its "
                                                         "figures say nothing about the kernel's performance",
                                                         plan_.accel.how)});
    return set;
  }

  // Every attempt goes into the kernel's sets' guest block.
  void record_boot(std::size_t k, const BootPlace& place, const BootOutcome& o, const std::string& seed) {
    for (auto& set : sets_[k]) {
      auto& qemu = set.guest["qemu"];
      if (!qemu.contains("command")) qemu["command"] = o.qemu_argv;  // every boot's differs only in its run directory
      if (!o.emulator_cpus.empty()) qemu["emulator_cpus"] = format_cpu_list(o.emulator_cpus);
      set.guest["boots"].push_back(describe_boot(place, o, seed));
    }
  }

  static bool completed(const BootOutcome& o) {
    return o.kind == BootOutcome::Kind::kCompleted && o.exit_status == 0 && o.outputs.count(kResultFile);
  }

  GuestCommand command(const KernelFiles& kernel, const std::string& seed) const {
    std::vector<std::string> ours = {"--json", kResultFile, "--no-store", "--label", kernel.name};
    if (!seed.empty()) ours.insert(ours.end(), {"--seed", seed});
    GuestCommand c;
    c.args = plan_.run_args;
    // Before a command workload's own "--", if there is one.
    c.args.insert(std::find(c.args.begin(), c.args.end(), "--"), ours.begin(), ours.end());
    c.outputs = {kResultFile};
    return c;
  }

  // Adds a boot's runs; false (after failing the invocation) when the boot failed.
  bool absorb(std::size_t k, const BootPlace& place, const BootOutcome& o) {
    const std::string where = fmt::format("{} boot {} (block {})", plan_.kernels[k].name, place.boot, place.block);
    if (o.kind != BootOutcome::Kind::kCompleted)
      return fail(k, ExitStatus::kWorkloadFailed, fmt::format("{}: {}: {}", where, to_string(o.kind), o.problem));
    std::vector<ResultSet> guest_sets;
    try {
      const auto it = o.outputs.find(kResultFile);
      if (it != o.outputs.end()) guest_sets = result_file_from_json(input::parse_json_document(it->second, "the guest's result file", input::kResultFile.max_bytes)).sets;
      sequence_ += add_boot_sets(sets_[k], guest_sets, place);
    } catch (const std::exception& e) {
      if (o.exit_status == 0) return fail(k, ExitStatus::kWorkloadFailed, fmt::format("{}: its result: {}", where, e.what()));
    }
    if (o.exit_status == 0) return true;
    return fail(k, status_of(o.exit_status), fmt::format("{}: {}", where, command_failure(o, guest_sets)));
  }

  bool fail(std::size_t k, ExitStatus status, const std::string& why) {
    for (auto& set : sets_[k]) {
      set.status = Status::kError;
      set.error = why;
    }
    if (out_.error.empty()) {  // the first failure is the invocation's (boots side by side can fail together)
      out_.status = status;
      out_.error = why;
    }
    return stop(plan_.kernels[k].name + " failed");
  }

  // Every set still PASS without all its boots ends as ERROR saying why.
  bool stop(const std::string& why) {
    for (std::size_t k = 0; k < sets_.size(); ++k)
      for (auto& set : sets_[k]) {
        if (set.status != Status::kPass || completed_[k] == plan_.boots) continue;
        set.status = Status::kError;
        set.error = fmt::format("stopped after {} of {} boots: {}", completed_[k], plan_.boots, why);
      }
    sink_.save(all());
    return false;
  }

  std::vector<ResultSet> all() const {
    std::vector<ResultSet> out;
    for (const auto& sets : sets_) out.insert(out.end(), sets.begin(), sets.end());
    return out;
  }

  const KernelsPlan& plan_;
  KernelsObserver& observer_;
  ResultSink& sink_;
  std::vector<std::vector<ResultSet>> sets_;  // per kernel, per variant
  std::vector<int> booted_;                   // boots begun, per kernel
  std::vector<int> completed_;                // boots whose runs were added, per kernel
  int sequence_ = 0;
  KernelsOutcome out_;
};

}  // namespace

KernelsOutcome run_kernels(const KernelsPlan& plan, Journal& journal, sys::SignalGate& gate,
                           KernelsObserver& observer,
                           ResultSink& sink) {
  KernelsRun run(plan, observer, sink);
  const auto order = stats::plan_blocks(static_cast<int>(plan.kernels.size()), plan.boots, plan.seed);
  const int total = static_cast<int>(order.size());
  if (!plan.side_by_side.empty()) {
    const std::size_t width = plan.kernels.size();
    for (std::size_t i = 0; i < order.size(); i += width) {
      const std::vector<stats::PlannedRun> block(order.begin() + static_cast<std::ptrdiff_t>(i),
                                          order.begin() + static_cast<std::ptrdiff_t>(i + width));
      if (!run.boot_side_by_side(block, static_cast<int>(i) + 1, total, journal, gate)) break;
    }
    return run.finish();
  }
  for (std::size_t i = 0; i < order.size(); ++i)
    if (!run.boot(order[i], static_cast<int>(i) + 1, total, journal, gate)) break;
  return run.finish();
}

}  // namespace schedlab::guest
