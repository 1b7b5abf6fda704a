// `schedlab kernels --kernel NAME=VMLINUZ[:INITRD] ... [options] -- run
// WORKLOAD [options]`: boots each kernel in a QEMU guest on the host's own
// root filesystem, runs the spec there with this very schedlab, alternates
// the boots in randomized complete blocks and writes one result file with
// one set per kernel.
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <iostream>
#include <map>
#include <sstream>

#include "cli/command.h"
#include "cli/commands.h"
#include "cli/help_formatter.h"
#include "cli/kernels_options.h"
#include "cli/run_parse.h"
#include "compare/comparison.h"
#include "core/error.h"
#include "report/compare_reporters.h"
#include "store/result_file.h"
#include "report/text_reporter.h"
#include "sink/json_file_sink.h"
#include "sink/sink_set.h"
#include "sink/store_sink.h"
#include "session/session.h"

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

// Splits "OPTIONS -- run WORKLOAD ..." at the first "--".
std::pair<std::vector<std::string>, std::vector<std::string>> split_spec(const std::vector<std::string>& args) {
  const auto dash = std::find(args.begin(), args.end(), "--");
  if (dash == args.end()) return {args, {}};
  return {{args.begin(), dash}, {dash + 1, args.end()}};
}

std::optional<KernelsTexts> parse_options(std::vector<std::string> args) {
  KernelsCommandLine line;
  if (!parse_or_help(line.app, std::move(args), "schedlab kernels --help")) return std::nullopt;
  return line.texts;
}

// Says, before the first boot, what will run and under what.
void announce(const guest::KernelsPlan& plan, std::ostream& out) {
  std::vector<std::string> names;
  for (const auto& k : plan.kernels)
    names.push_back(k.name == k.release ? k.name : fmt::format("{} ({})", k.name, k.release));
  const auto& shape = plan.site.shape;
  out << fmt::format("schedlab kernels: {} x {} boots under {}, {} vCPUs{}, {} MiB, seed {}\n",
                     fmt::join(names, ", "), plan.boots, guest::to_string(plan.accel.accel), shape.vcpus,
                     shape.host_cpus.empty() ? "" : fmt::format(" on CPUs {}", fmt::join(shape.host_cpus, ",")),
                     shape.memory_mib, plan.seed);
  if (plan.accel.chosen_for_the_user)
    std::cerr << fmt::format("schedlab kernels: warning: {}; running the guests under QEMU's TCG emulation "
                             "(--accel tcg says that is meant)\n", plan.accel.how);
  if (plan.accel.emulated())
    std::cerr << "schedlab kernels: warning: emulated guests: their figures say nothing about the kernels' "
                 "performance; compare marks no difference between them unless --force\n";
}

// The sets side by side (paired by block), or each set's summary.
void print_results(const std::vector<ResultSet>& sets, const std::optional<std::string>& json, std::ostream& out) {
  const bool all_pass = std::all_of(sets.begin(), sets.end(), [](const auto& s) { return s.status == Status::kPass; });
  if (sets.size() > 1 && all_pass) {
    try {  // the boots were interleaved: paired by block (decide_test)
      out << "\n" << format_mmtests(build_comparison(sets, CompareOptions{}));
    } catch (const Error& e) {  // the sets are kept all the same; compare --force can still show them
      out << "\nno comparison: " << e.what() << "\n";
    }
  } else {
    for (const auto& set : sets) out << format_summary(set);
  }
  if (json) out << fmt::format("\nresult file: {} (schedlab compare {})\n", *json, *json);
}

// --dry-run: the options parsed and the spec checked as a run on this host
// would be (a guest's CPUs and memory are its own: the guest checks again);
// no kernel is read, no initramfs built, no guest started.
int plan_kernels(const WorkloadRegistry& workloads, const std::vector<std::string>& spec) {
  std::vector<std::string> run(spec.begin() + (spec.front() == "run" ? 1 : 0), spec.end());
  std::cout << "dry run: the kernels' options parsed; the spec as a run here would be:\n";
  return run_command(workloads, with_dry_run(run), {});
}

}  // namespace

int kernels_command(const WorkloadRegistry& workloads, const std::vector<std::string>& args,
                    const std::vector<std::string>& argv, bool dry_run) {
  const auto [options, spec] = split_spec(args);
  const auto texts = parse_options(options);
  if (!texts) return 0;  // --help was shown
  if (spec.empty())
    throw UsageError("kernels: missing the spec after '--': schedlab kernels --kernel NAME=VMLINUZ ... -- run "
                     "WORKLOAD [options]");
  if (dry_run) return plan_kernels(workloads, spec);
  // Before the initramfs is written to the cache, so that an interrupt
  // unwinds through every guard (a temporary file included) from here on.
  Session session;
  auto request = make_kernels_request(workloads, *texts, spec, argv);
  if (!request) return 0;
  guest::KernelsPlan& plan = request->plan;
  std::ostringstream discard;
  std::ostream& out = request->quiet ? discard : std::cout;
  plan.accel = guest::choose_accel(request->accel, plan.kernels.front().vmlinuz, plan.site.qemu,
                                   request->cache_dir, session.journal(), session.gate());
  plan.site.accel = plan.accel.accel;
  announce(plan, out);
  const std::string created = utc_now_iso8601();
  JsonFileSink file(request->json, created);
  StoreSink store(request->store, created, &file, request->quiet ? nullptr : &out);
  SinkSet sinks({&file, &store});
  KernelsPrinter printer(out);
  const guest::KernelsOutcome outcome = guest::run_kernels(plan, session.journal(), session.gate(), printer, sinks);
  print_results(outcome.sets, file.written(), out);
  sinks.finish(outcome.sets);  // the store (or a spool file) has them before a file failure is said
  if (outcome.interrupted_by) throw Interrupted(outcome.interrupted_by);
  if (auto failed = file.failure(); !failed.empty()) throw Error(ExitStatus::kCannotSave, failed);
  if (outcome.status != ExitStatus::kOk) throw Error(outcome.status, outcome.error);
  return 0;
}

Command add_kernels(CLI::App& app, const CommandContext& context) {
  auto* kernels = app.add_subcommand("kernels", "boot kernels in QEMU guests and run a spec in each, boots "
                                                "interleaved: schedlab kernels --kernel NAME=VMLINUZ ... -- run "
                                                "WORKLOAD [options]; see 'schedlab kernels --help'");
  kernels->prefix_command();
  kernels->set_help_flag();  // its --help is KernelsCommandLine's, which knows the options
  return {kernels,
          [kernels, &context] {
            return kernels_command(context.workloads, kernels->remaining(), context.argv, context.dry_run);
          },
          2, true, DryRun::kPlans};
}

}  // namespace schedlab
