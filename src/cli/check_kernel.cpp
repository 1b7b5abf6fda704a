#include "cli/check_kernel.h"

#include "session/session.h"

#include <fmt/format.h>

#include <iostream>

#include "cli/kernels_options.h"
#include "guest/initramfs.h"
#include "guest/kernel_modules.h"
#include "spec/run_spec_io.h"
#include "core/duration.h"
#include "core/error.h"
#include "env/environment.h"
#include "guest/kernel_needs.h"
#include "input/files.h"
#include "input/kernel_append.h"
#include "input/json_document.h"
#include "sink/store_sink.h"
#include "store/result_file.h"
#include "sys/reaper.h"
#include "sys/safe_files.h"

namespace schedlab {
namespace {

constexpr int kBisectSkipExit = 125;
constexpr const char* kEvidence = "evidence.json";

std::string shown_text(const ordered_json& j) { return j.is_string() ? j.get<std::string>() : j.dump(); }

guest::GuestCommand guest_command(const CheckOptions& o) {
  guest::GuestCommand c;
  c.args = {"check", "--baseline", "baseline.json", "--threshold", o.threshold, "--max-runs", o.max_runs, "--json",
            kEvidence, "--no-store"};
  c.inputs["baseline.json"] = input::read_named_file(o.baseline, input::kResultFile);
  if (!o.bad.empty()) {
    c.args.insert(c.args.end(), {"--bad", "bad.json"});
    c.inputs["bad.json"] = input::read_named_file(o.bad, input::kResultFile);
  }
  if (o.trust_baseline) c.args.push_back("--trust-baseline");
  if (o.no_wait) c.args.push_back("--no-wait");
  c.outputs = {kEvidence};
  return c;
}

// The evidence the guest wrote, with how it was booted; "" when none came back.
std::string evidence_with_guest(const GuestCheck& check, const guest::BootOutcome& o, int exit, bool withheld) {
  ordered_json guest = guest::describe_guest(check.plan, 0);
  guest["qemu"]["command"] = o.qemu_argv;
  guest["boots"].push_back(guest::describe_boot({1, 1, 1, 0}, o, ""));
  ordered_json j = {{"schema", "schedlab.check/1"}, {"verdict", "skip"}, {"exit", exit}};
  const auto it = o.outputs.find(kEvidence);
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

void keep_evidence(const GuestCheck& check, const std::string& evidence) {
  const auto j = input::parse_json_document(evidence, "the guest's evidence", input::kGuestOutput.max_bytes);
  if (!check.options.json.empty()) sys::write_file_atomically(check.options.json, evidence, 0644);
  if (!j.contains("set")) return;
  const ResultFile file = result_file_from_json({{"schema", kResultSchema}, {"created", utc_now_iso8601()},
                                                 {"sets", ordered_json::array({j["set"]})}});
  StoreSink(to_store_choice(check.options.store), file.created, nullptr, nullptr).finish(file.sets);
}

// Skip (125): the boot did not give a verdict.
int skip_boot(const guest::BootOutcome& o) {
  std::cout << fmt::format("skip: the kernel's guest {}: {}\n", guest::to_string(o.kind), o.problem);
  for (const auto& line : o.console_tail) std::cerr << "  | " << line << "\n";
  return kBisectSkipExit;
}

}  // namespace

const ResultSet& baseline_guest_set(const ResultFile& file, const std::string& path) {
  for (const auto& set : file.sets)
    if (set.status == Status::kPass && set.runs.size() >= 2) {
      if (set.guest.is_object()) return set;
      break;
    }
  throw UsageError(fmt::format("--kernel: {} holds no PASS set of at least 2 runs measured in a guest; record the "
                               "baseline with schedlab kernels --kernel NAME=GOOD_VMLINUZ ... -- run ...", path));
}

KernelsTexts baseline_shape_texts(const ordered_json& g) {
  input::check_kernel_append("the baseline's guest.append", g.value("append", std::string()));
  KernelsTexts t;
  t.vcpus = shown_text(g.value("vcpus", ordered_json(2)));
  t.memory = shown_text(g.value("memory_mib", ordered_json(2048)));
  if (const auto h = g.value("host_cpus", ordered_json()); h.is_string()) t.host_cpus = h.get<std::string>();
  t.append = g.value("append", std::string());
  t.accel = g.value("accel", std::string());
  return t;
}

guest::GuestShape baseline_guest_shape(const ordered_json& g) {
  const KernelsTexts t = baseline_shape_texts(g);
  return parse_guest_shape(t.vcpus, t.memory, t.host_cpus, t.append);
}

GuestCheck prepare_guest_check(const WorkloadRegistry& workloads, const CheckOptions& o,
                               const std::vector<std::string>& argv) {
  GuestCheck check;
  check.options = o;
  guest::KernelsPlan& plan = check.plan;
  const ResultFile good = read_result_file(o.baseline);
  const ResultSet& set = baseline_guest_set(good, o.baseline);
  if (!o.bad.empty()) baseline_guest_set(read_result_file(o.bad), o.bad);
  const guest::GuestShape shape = baseline_guest_shape(set.guest);  // the baseline's guest.append vetted first
  plan.kernels = {guest::locate_kernel("--kernel", guest::parse_kernel_arg("--kernel", o.kernel), o.trust_kernel)};
  guest::KernelFiles& kernel = plan.kernels.front();
  if (!o.kernel_config.empty()) guest::use_config("--config", o.kernel_config, kernel);
  guest::check_qemu_path("--kernel", kernel.vmlinuz);
  const RunSpec spec = read_run_spec(set, workloads);
  guest::check_kernel_config("--kernel", kernel.name + "=" + kernel.vmlinuz, kernel.config, guest::kernel_needs(spec));
  const std::string accel = set.guest.value("accel", std::string("tcg"));
  check.accel = accel == "kvm" ? guest::Accel::kKvm : guest::Accel::kTcg;
  const auto runs = std::stoi(o.max_runs.empty() ? "15" : o.max_runs);
  const double per_run = to_seconds(spec.options.window() + spec.options.warmup) + 5;
  plan.site = make_boot_site(shape,
                             std::chrono::seconds(120) + std::chrono::duration_cast<std::chrono::nanoseconds>(
                                                             std::chrono::duration<double>(3 * runs * per_run)));
  // Read only: what the initramfs needs is checked here, and the cache
  // (its directory, the image) is written by run_guest_check, never by a
  // dry run, and only once the Session guards an interrupt.
  guest::boot_modules("--kernel", kernel);
  guest::static_busybox();
  plan.boots = 1;
  plan.argv = argv;
  plan.host_environment = collect_environment();
  check.command = guest_command(o);
  plan.run_args = check.command.args;
  return check;
}

int run_guest_check(const GuestCheck& check) {
  GuestCheck c = check;
  Session session;
  sys::SignalGate& gate = session.gate();
  Journal& journal = session.journal();
  const guest::KernelFiles& kernel = c.plan.kernels.front();
  guest::BootOutcome o;
  try {
    c.cache_dir = guest::guest_cache_dir();
    c.plan.images = {guest::prepare_initramfs("--kernel", kernel, c.cache_dir)};
    c.plan.accel = guest::choose_accel(c.accel, kernel.vmlinuz, c.plan.site.qemu, c.cache_dir, journal, gate);
    c.plan.site.accel = c.plan.accel.accel;
    std::cerr << fmt::format("schedlab check: booting {} ({}) under {}, {} vCPUs, {} MiB, to run the baseline's "
                             "spec there\n", kernel.name, kernel.release, guest::to_string(c.plan.accel.accel),
                             c.plan.site.shape.vcpus, c.plan.site.shape.memory_mib);
    if (c.plan.accel.emulated())
      std::cerr << "schedlab check: warning: an emulated guest (" << c.plan.accel.how << "): "
                << (c.options.emulated_ok ? "its verdict is about emulated costs (--emulated-ok)"
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
  const bool withheld = c.plan.accel.emulated() && !c.options.emulated_ok && (o.exit_status == 0 || o.exit_status == 1);
  if (c.plan.accel.emulated() && c.options.emulated_ok)
    std::cout << "emulated: the verdict above was reached under QEMU's TCG (--emulated-ok): emulated costs, not the "
                 "hardware's\n";
  const int exit = withheld ? kBisectSkipExit : o.exit_status;
  if (withheld)
    std::cout << "skip: measured under emulation (QEMU's TCG): the verdict above says nothing about the kernel's "
                 "performance\n";
  try {
    keep_evidence(c, evidence_with_guest(c, o, exit, withheld));
  } catch (const std::exception& e) {  // the verdict stands; only its record is lost
    std::cerr << "schedlab check: the guest's evidence could not be kept: " << e.what() << "\n";
  }
  return exit;
}

}  // namespace schedlab
