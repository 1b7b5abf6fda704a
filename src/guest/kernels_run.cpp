#include "guest/kernels_run.h"

#include <fmt/format.h>
#include <string.h>

#include <algorithm>
#include <filesystem>

#include "core/cpu_list.h"
#include "core/duration.h"
#include "input/json_document.h"
#include "stats/block_plan.h"

namespace schedlab::guest {
namespace {

constexpr const char* kResultFile = "out.json";

}  // namespace

ordered_json describe_boot(const BootPlace& place, const BootOutcome& o, const std::string& seed) {
  ordered_json b = {{"boot", place.boot}, {"block", place.block}, {"outcome", to_string(o.kind)},
                    {"seconds", o.seconds}};
  if (o.kind == BootOutcome::Kind::kCompleted) b["exit_status"] = o.exit_status;
  if (o.run_uptime_s) b["guest_command_uptime_s"] = *o.run_uptime_s;
  if (o.exit_uptime_s) b["guest_exit_uptime_s"] = *o.exit_uptime_s;
  if (!seed.empty()) b["seed"] = seed;
  b["command"] = o.guest_argv;
  ordered_json pins = ordered_json::array();
  for (const auto& p : o.pinning) pins.push_back({{"vcpu", p.vcpu}, {"host_cpu", p.host_cpu}});
  b["pinning"] = pins;
  if (!o.problem.empty()) b["problem"] = o.problem;
  if (o.kind != BootOutcome::Kind::kCompleted || o.exit_status != 0) b["console_tail"] = o.console_tail;
  return b;
}

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
    const KernelFiles& kernel = plan_.kernels[k];
    const BootPlace place{++booted_[k], planned.block, plan_.runs_per_boot, sequence_};
    observer_.boot_started(kernel, place, index, total);
    const std::string seed = plan_.seed_per_block ? std::to_string(plan_.seed + static_cast<unsigned>(planned.block)) : "";
    BootOutcome o;
    for (int attempt = 0;; ++attempt) {
      try {
        o = boot_guest(plan_.site, kernel, plan_.images[k], command(kernel, seed), journal, gate);
      } catch (const Interrupted& sig) {
        out_.interrupted_by = sig.signal_number();
        return stop(fmt::format("interrupted by SIG{}", sigabbrev_np(sig.signal_number())));
      } catch (const Error& e) {
        return fail(k, e.status(), fmt::format("{} boot {}: {}", kernel.name, place.boot, e.what()));
      }
      record_boot(k, place, o, seed);
      if (completed(o) || attempt >= plan_.boot_retries) break;
      observer_.boot_retried(kernel, place, o);
    }
    const bool ok = absorb(k, place, o);
    observer_.boot_finished(kernel, place, o, sets_[k]);
    if (ok) {
      ++completed_[k];
      sink_.save(all());
    }
    return ok;
  }

  KernelsOutcome finish() {
    out_.sets = all();
    return std::move(out_);
  }

 private:
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
    out_.status = status;
    out_.error = why;
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

ordered_json describe_guest(const KernelsPlan& plan, std::size_t kernel) {
  const KernelFiles& k = plan.kernels[kernel];
  const Initramfs& image = plan.images[kernel];
  const GuestShape& shape = plan.site.shape;
  ordered_json modules = ordered_json::array();
  for (const auto& m : image.modules) modules.push_back(std::filesystem::path(m).filename().string());
  return {{"kernel", {{"name", k.name}, {"image", k.vmlinuz}, {"initrd", k.initrd}, {"release", k.release},
                      {"config", k.config}, {"modules", k.modules}}},
          {"initramfs", {{"file", image.path}, {"key", image.key}, {"modules", modules}}},
          {"accel", to_string(plan.accel.accel)},
          {"accel_choice", plan.accel.how},
          {"qemu", {{"binary", plan.site.qemu.qemu}, {"version", plan.site.qemu.version},
                    {"virtiofsd", plan.site.qemu.virtiofsd}}},
          {"vcpus", shape.vcpus},
          {"memory_mib", shape.memory_mib},
          {"host_cpus", shape.host_cpus.empty() ? ordered_json(nullptr) : ordered_json(format_cpu_list(shape.host_cpus))},
          {"append", shape.append},
          {"kernel_cmdline", kernel_command_line({k.vmlinuz, image.path, "", "", "", k.modules}, shape)},
          {"deadline_s", to_seconds(plan.site.deadline)},
          {"boots_requested", plan.boots},
          {"seed", plan.seed},
          {"run_args", plan.run_args},
          {"host_environment", plan.host_environment},
          {"boots", ordered_json::array()}};
}

KernelsOutcome run_kernels(const KernelsPlan& plan, Journal& journal, sys::SignalGate& gate,
                           KernelsObserver& observer,
                           ResultSink& sink) {
  KernelsRun run(plan, observer, sink);
  const auto order = stats::plan_blocks(static_cast<int>(plan.kernels.size()), plan.boots, plan.seed);
  for (std::size_t i = 0; i < order.size(); ++i)
    if (!run.boot(order[i], static_cast<int>(i) + 1, static_cast<int>(order.size()), journal, gate)) break;
  return run.finish();
}

}  // namespace schedlab::guest
