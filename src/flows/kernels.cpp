// `schedlab kernels` as a flow (flows/kernels.h): boots each kernel in a
// QEMU guest on the host's own root filesystem, runs the spec there with
// this very schedlab, alternates the boots in randomized complete blocks and
// delivers one set per kernel to the result file and the store.
#include "flows/kernels.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <iostream>
#include <map>
#include <sstream>

#include "compare/comparison.h"
#include "core/error.h"
#include "report/compare_reporters.h"
#include "report/text_reporter.h"
#include "session/session.h"
#include "sink/interrupted.h"
#include "sink/json_file_sink.h"
#include "sink/sink_set.h"
#include "sink/store_sink.h"

namespace schedlab {
namespace {

// Boot lines and the runs each boot brought back, on stdout; a failed
// boot's console on stderr.
class KernelsPrinter final : public guest::KernelsObserver {
 public:
  explicit KernelsPrinter(std::ostream& out) : out_(out) {}
  // Boots side by side all start before the first ends: each keeps its own index.
  void boot_started(const guest::KernelFiles& kernel, const guest::BootPlace& place, int index, int total) override {
    index_[{kernel.name, place.boot}] = index;
    total_ = total;
  }

  void boot_finished(const guest::KernelFiles& kernel, const guest::BootPlace& place, const guest::BootOutcome& o,
                     const std::vector<ResultSet>& sets) override {
    out_ << fmt::format("[{}] boot {} (block {}, {}/{}): {} in {:.1f} s{}\n", kernel.name, place.boot, place.block,
                        index_[{kernel.name, place.boot}], total_, guest::to_string(o.kind), o.seconds,
                        o.run_uptime_s ? fmt::format(", command at guest uptime {:.1f} s", *o.run_uptime_s) : "");
    for (const auto& set : sets)
      for (const auto& run : set.runs)
        if (run.boot == place.boot) out_ << "  [" << set.label << "] " << format_run_line(set, run, static_cast<int>(set.runs.size()));
    if (o.kind == guest::BootOutcome::Kind::kCompleted && o.exit_status == 0) return;
    std::cerr << fmt::format("schedlab kernels: {} boot {}: {}; its console's last lines:\n", kernel.name,
                             place.boot, o.problem.empty() ? "the command failed" : o.problem);
    for (const auto& line : o.console_tail) std::cerr << "  | " << line << "\n";
  }

 private:
  std::ostream& out_;
  std::map<std::pair<std::string, int>, int> index_;  // (kernel, boot) -> its place among all boots
  int total_ = 0;
};

// Says, before the first boot, what will run and under what.
void announce(const guest::KernelsPlan& plan, std::ostream& out) {
  std::vector<std::string> names;
  for (const auto& k : plan.kernels)
    names.push_back(k.name == k.release ? k.name : fmt::format("{} ({})", k.name, k.release));
  const auto& shape = plan.site.shape;
  const bool counted = guest::counts_instructions(plan.accel.accel, shape);
  out << fmt::format("schedlab kernels: {} x {} boots under {}{}, {} vCPUs{}, {} MiB, seed {}\n",
                     fmt::join(names, ", "), plan.boots, guest::to_string(plan.accel.accel),
                     counted ? " counting instructions" : "", shape.vcpus,
                     shape.host_cpus.empty() ? "" : fmt::format(" on CPUs {}", fmt::join(shape.host_cpus, ",")),
                     shape.memory_mib, plan.seed);
  if (plan.accel.chosen_for_the_user)
    std::cerr << fmt::format("schedlab kernels: warning: {}; running the guests under QEMU's TCG emulation "
                             "(--accel tcg says that is meant)\n", plan.accel.how);
  if (plan.accel.emulated())
    std::cerr << fmt::format("schedlab kernels: warning: emulated guests: their figures {}, not the kernels' "
                             "performance on hardware; compare marks no difference between them unless --force\n",
                             counted ? fmt::format("count the instructions on the measured path ({} ns of guest "
                                                   "time each)", guest::kNsPerInstruction)
                                     : "time the emulation");
}

// The sets side by side (paired by block), or each set's summary.
void print_results(const std::vector<ResultSet>& sets, const std::optional<std::string>& json, std::ostream& out,
                   const Registries& registries) {
  const bool all_pass = std::all_of(sets.begin(), sets.end(), [](const auto& s) { return s.status == Status::kPass; });
  if (sets.size() > 1 && all_pass) {
    try {  // the boots were interleaved: paired by block (decide_test)
      out << "\n" << format_mmtests(build_comparison(sets, CompareOptions{}, registries));
    } catch (const Error& e) {  // the sets are kept all the same; compare --force can still show them
      out << "\nno comparison: " << e.what() << "\n";
    }
  } else {
    for (const auto& set : sets) out << format_summary(set);
  }
  if (json) out << fmt::format("\nresult file: {} (schedlab compare {})\n", *json, *json);
}

}  // namespace

int run_kernels_flow(const Registries& registries, KernelsRequest& request, Session& session) {
  guest::KernelsPlan& plan = request.plan;
  std::ostringstream discard;
  std::ostream& out = request.quiet ? discard : std::cout;
  plan.accel = guest::choose_accel(request.accel, plan.site.shape.clock, plan.kernels.front().vmlinuz,
                                  plan.kernels.front().arch, plan.site.qemu,
                                   request.cache_dir, session.journal(), session.gate());
  plan.site.accel = plan.accel.accel;
  announce(plan, out);
  const std::string created = utc_now_iso8601();
  JsonFileSink file(request.json, created);
  StoreSink store(request.store, registries.workloads, created, &file, request.quiet ? nullptr : &out);
  SinkSet sinks({&file, &store});
  KernelsPrinter printer(out);
  const guest::KernelsOutcome outcome = guest::run_kernels(plan, session.journal(), session.gate(), printer, sinks);
  print_results(outcome.sets, file.written(), out, registries);
  sinks.finish(outcome.sets);  // the store (or a spool file) has them before a file failure is said
  if (outcome.interrupted_by) throw interrupted_after(outcome.interrupted_by, outcome.sets, file, sinks);
  if (auto failed = file.failure(); !failed.empty()) throw Error(ExitStatus::kCannotSave, failed);
  if (outcome.status != ExitStatus::kOk) throw Error(outcome.status, outcome.error);
  return 0;
}

}  // namespace schedlab
