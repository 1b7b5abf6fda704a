// `check --kernel` as a flow: one boot of the step's kernel in a guest of
// the baseline's shape, `schedlab check` run there, its verdict line and
// exit status relayed, its evidence kept (--json, the store through a
// StoreSink).
#include "flows/check_kernel.h"

#include <fmt/format.h>

#include <iostream>

#include "core/duration.h"
#include "core/error.h"
#include "guest/initramfs.h"
#include "input/json_document.h"
#include "input/limits.h"
#include "session/session.h"
#include "sink/store_sink.h"
#include "store/result_file.h"
#include "sys/safe_files.h"

namespace schedlab {
namespace {

constexpr int kBisectSkipExit = 125;

// The evidence the guest wrote, with how it was booted; "" when none came back.
std::string evidence_with_guest(const GuestCheck& check, const guest::BootOutcome& o, int exit, bool withheld) {
  ordered_json guest = guest::describe_guest(check.plan, 0);
  guest["qemu"]["command"] = o.qemu_argv;
  guest["boots"].push_back(guest::describe_boot({1, 1, 1, 0}, o, ""));
  ordered_json j = {{"schema", "schedlab.check/1"}, {"verdict", "skip"}, {"exit", exit}};
  const auto it = o.outputs.find(kGuestEvidence);
  if (it != o.outputs.end()) j = input::parse_json_document(it->second, "the guest's evidence", input::kGuestOutput.max_bytes);
  j["exit"] = exit;
  if (withheld) j["verdict_withheld"] = "measured under emulation (QEMU's TCG): the verdict says nothing about performance";
  j["guest"] = guest;
  if (j.contains("set")) {
    j["set"]["emulated"] = check.plan.accel.emulated();
    j["set"]["guest"] = guest;
  }
  return j.dump(2, ' ', false, ordered_json::error_handler_t::replace) + "\n";
}

void keep_evidence(const GuestCheck& check, const std::string& evidence, const WorkloadRegistry& workloads) {
  const auto j = input::parse_json_document(evidence, "the guest's evidence", input::kGuestOutput.max_bytes);
  if (!check.json.empty()) sys::write_file_atomically(check.json, evidence, 0644);
  if (!j.contains("set")) return;
  const ResultFile file = result_file_from_json({{"schema", kResultSchema}, {"created", utc_now_iso8601()},
                                                 {"sets", ordered_json::array({j["set"]})}});
  StoreSink(check.store, workloads, file.created, nullptr, nullptr).finish(file.sets);
}

// Skip (125): the boot did not give a verdict.
int skip_boot(const guest::BootOutcome& o) {
  std::cout << fmt::format("skip: the kernel's guest {}: {}\n", guest::to_string(o.kind), o.problem);
  for (const auto& line : o.console_tail) std::cerr << "  | " << line << "\n";
  return kBisectSkipExit;
}

}  // namespace

std::chrono::nanoseconds guest_check_deadline(const RunSpec& spec, int max_runs) {
  const double per_run = to_seconds(spec.options.window() + spec.options.warmup) + 5;
  return std::chrono::seconds(120) +
         std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::duration<double>(3 * max_runs * per_run));
}

guest::Accel baseline_accel(const ordered_json& guest_block) {
  return guest_block.value("accel", std::string("tcg")) == "kvm" ? guest::Accel::kKvm : guest::Accel::kTcg;
}

int run_guest_check(const WorkloadRegistry& workloads, const GuestCheck& check) {
  GuestCheck c = check;
  Session session;
  sys::SignalGate& gate = session.gate();
  Journal& journal = session.journal();
  const guest::KernelFiles& kernel = c.plan.kernels.front();
  guest::BootOutcome o;
  try {
    c.cache_dir = guest::guest_cache_dir();
    c.plan.images = {guest::prepare_initramfs("--kernel", kernel, c.plan.site.programs.busybox, c.cache_dir)};
    c.plan.accel = guest::choose_accel(c.accel, c.plan.site.shape.clock, kernel.vmlinuz, kernel.arch, c.plan.site.qemu,
                                       c.cache_dir, journal, gate);
    c.plan.site.accel = c.plan.accel.accel;
    std::cerr << fmt::format("schedlab check: booting {} ({}) under {}, {} vCPUs, {} MiB, to run the baseline's "
                             "spec there\n", kernel.name, kernel.release, guest::to_string(c.plan.accel.accel),
                             c.plan.site.shape.vcpus, c.plan.site.shape.memory_mib);
    if (c.plan.accel.emulated())
      std::cerr << "schedlab check: warning: an emulated guest (" << c.plan.accel.how << "): "
                << (c.emulated_ok ? "its verdict is about emulated costs (--emulated-ok)"
                                          : "its verdict is withheld (125), the figures say nothing about performance")
                << "\n";
    o = guest::boot_guest(c.plan.site, kernel, c.plan.images.front(), c.command, journal, gate);
  } catch (const Error& e) {
    std::cout << "skip: " << e.what() << "\n";
    return kBisectSkipExit;
  }
  if (o.kind != guest::BootOutcome::Kind::kCompleted) return skip_boot(o);
  std::cout << o.stdout_text;
  std::cerr << o.stderr_text;
  const bool withheld = c.plan.accel.emulated() && !c.emulated_ok && (o.exit_status == 0 || o.exit_status == 1);
  if (c.plan.accel.emulated() && c.emulated_ok)
    std::cout << "emulated: the verdict above was reached under QEMU's TCG (--emulated-ok): emulated costs, not the "
                 "hardware's\n";
  const int exit = withheld ? kBisectSkipExit : o.exit_status;
  if (withheld)
    std::cout << "skip: measured under emulation (QEMU's TCG): the verdict above says nothing about the kernel's "
                 "performance\n";
  try {
    keep_evidence(c, evidence_with_guest(c, o, exit, withheld), workloads);
  } catch (const std::exception& e) {  // the verdict stands; only its record is lost
    std::cerr << "schedlab check: the guest's evidence could not be kept: " << e.what() << "\n";
  }
  return exit;
}

}  // namespace schedlab
