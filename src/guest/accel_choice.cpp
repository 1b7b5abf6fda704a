#include "guest/accel_choice.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <nlohmann/json.hpp>

#include "core/error.h"
#include "guest/console_log.h"
#include "guest/wait_until.h"
#include "input/files.h"
#include "input/json_document.h"
#include "scenario/guard_stack.h"
#include "sys/helper_process.h"
#include "sys/proc_files.h"
#include "sys/safe_files.h"
#include "workloads/scratch_dir.h"

namespace schedlab::guest {
namespace {

using Clock = std::chrono::steady_clock;

// A real KVM prints the banner well under a second after QEMU starts; TCG
// takes one to four.  A nested host that cannot run guests prints nothing.
constexpr auto kProbeDeadline = std::chrono::seconds(10);

struct KvmVerdict {
  bool runs = false;
  std::string detail;
};

std::string exit_text(int status) {
  return WIFSIGNALED(status) ? fmt::format("killed by signal {}", WTERMSIG(status))
                             : fmt::format("exit status {}", WEXITSTATUS(status));
}

// Boots `image` under KVM with a bare console and watches for the banner.
KvmVerdict probe_boot(const std::string& image, const QemuInstall& qemu, Journal& journal, sys::SignalGate& gate) {
  GuardStack guards;
  const std::string dir = make_scratch_dir("schedlab-guest", journal, guards);
  const GuestShape shape{1, 256, {}, ""};
  const BootFiles files{host_arch(), image, "", dir + "/console.log", "", "", ""};
  std::vector<std::string> argv = {qemu.qemu};
  for (auto& a : qemu_arguments(Accel::kKvm, shape, files)) argv.push_back(std::move(a));
  sys::HelperProcess process({argv, dir + "/qemu.log", nullptr, ""});
  const auto start = Clock::now();
  bool banner = false;
  wait_until(gate, start + kProbeDeadline, [&] {
    banner = read_console(input::read_optional_file(files.console, input::kGuestOutput).value_or("")).banner;
    return banner || process.exited();
  });
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  if (banner) return {true, fmt::format("a KVM probe boot printed the kernel's banner after {:.1f} s", seconds)};
  if (const auto status = process.exited()) {
    const auto log = last_lines(input::read_optional_file(dir + "/qemu.log", input::kGuestOutput).value_or(""), 1);
    return {false, fmt::format("a KVM probe boot's QEMU ended at once ({}){}", exit_text(*status),
                               log.empty() ? "" : ": " + log.front())};
  }
  return {false, fmt::format("a KVM probe boot printed nothing in {} s (a nested host that cannot run guests)",
                             kProbeDeadline.count())};
}

KvmVerdict probe_kvm(const std::string& image, const QemuInstall& qemu, const std::string& cache_dir,
                     Journal& journal, sys::SignalGate& gate) {
  if (access("/dev/kvm", R_OK | W_OK) != 0)
    return {false, fmt::format("/dev/kvm: {}", errno == ENOENT ? "absent" : std::strerror(errno))};
  const std::string cache = cache_dir + "/kvm-probe.json";
  const nlohmann::json key = {{"boot_id", input::read_system_line("/proc/sys/kernel/random/boot_id").value_or("")},
                              {"qemu", qemu.qemu},
                              {"qemu_version", qemu.version}};
  try {
    const auto kept = input::parse_json_document<nlohmann::json>(input::read_named_file(cache, input::kCache), cache, input::kCache.max_bytes);
    if (kept.at("key") == key) return {kept.at("runs").get<bool>(), kept.at("detail").get<std::string>() + " (this host boot)"};
  } catch (const std::exception&) {  // absent, or from another boot: probe again
  }
  KvmVerdict v = probe_boot(image, qemu, journal, gate);
  const nlohmann::json kept = {{"key", key}, {"runs", v.runs}, {"detail", v.detail}};
  sys::write_file_atomically(cache, kept.dump() + "\n", 0600);
  return v;
}

}  // namespace

AccelChoice choose_accel(std::optional<Accel> requested, GuestClock clock, const std::string& image,
                         GuestArch arch, const QemuInstall& qemu, const std::string& cache_dir, Journal& journal,
                         sys::SignalGate& gate) {
  if (requested == Accel::kTcg) return {Accel::kTcg, "--accel tcg", false};
  if (arch != host_arch()) {
    const std::string why = fmt::format("an {} kernel on this {} host runs only emulated", to_string(arch),
                                        to_string(host_arch()));
    if (requested == Accel::kKvm) throw Error(ExitStatus::kNotApplied, "--accel kvm: " + why + " (--accel tcg)");
    return {Accel::kTcg, why, false};
  }
  const auto refuse_counting = [&](const std::string& why) {
    if (clock == GuestClock::kInstructions)
      throw UsageError("--guest-clock", "instructions", fmt::format("guests under QEMU's TCG (--accel tcg), where "
                                                                    "QEMU counts their instructions; {}", why));
  };
  if (requested == Accel::kKvm) refuse_counting("--accel kvm runs them on the host's CPU");
  const KvmVerdict v = probe_kvm(image, qemu, cache_dir, journal, gate);
  if (v.runs) {
    refuse_counting("KVM runs guests here, on the host's CPU (--accel tcg emulates them)");
    return {Accel::kKvm, v.detail, false};
  }
  if (requested == Accel::kKvm)
    throw Error(ExitStatus::kNotApplied, fmt::format("--accel kvm: KVM does not run guests here: {}; --accel tcg "
                                                     "runs the same boots under emulation", v.detail));
  return {Accel::kTcg, "KVM does not run guests here: " + v.detail, true};
}

}  // namespace schedlab::guest
