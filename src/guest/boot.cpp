#include "guest/boot.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <sys/wait.h>

#include <algorithm>
#include <filesystem>

#include "core/error.h"
#include "core/result.h"
#include "core/whole_number.h"
#include "guest/console_log.h"
#include "guest/wait_until.h"
#include "input/files.h"
#include "scenario/guard_stack.h"
#include "sys/affinity.h"
#include "sys/helper_process.h"
#include "sys/proc_files.h"
#include "sys/reaper.h"
#include "sys/safe_files.h"
#include "sys/tasks.h"
#include "workloads/scratch_dir.h"

namespace schedlab::guest {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

constexpr std::size_t kConsoleTail = 20;
constexpr auto kStartWait = std::chrono::seconds(10);  // for virtiofsd's sockets, QEMU's vCPU threads

// One boot's directory: the shared directory, the mount point of the
// read-only root (inside virtiofsd's own mount namespace only), the sockets
// and the logs.
struct RunDir {
  std::string dir;
  std::string shared() const { return dir + "/shared"; }
  std::string root_mount() const { return dir + "/root"; }
  std::string console() const { return dir + "/console.log"; }
  std::string root_socket() const { return dir + "/root.sock"; }
  std::string shared_socket() const { return dir + "/shared.sock"; }
  BootFiles files(const KernelFiles& k, const Initramfs& i) const {
    return {k.arch, k.vmlinuz, i.path, console(), root_socket(), shared_socket(), k.modules};
  }
};

std::string single_quoted(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// /shared/cmd: the guest's /init runs it with /bin/sh in a clean environment.
std::string command_script(const std::vector<std::string>& args) {
  std::string line = "exec schedlab";
  for (const auto& a : args) line += ' ' + single_quoted(a);
  return "cd /shared || exit 125\nPATH=/shared/bin:$PATH\nexport PATH\n" + line + "\n";
}

void copy_binary(const std::string& from, const std::string& to) {
  fs::copy_file(from, to);
  fs::permissions(to, fs::perms(0755));
}

// The binaries (the guest sees only the host's root filesystem, so the
// very same schedlab goes in here), the command and its input files.
void stage_shared(const BootSite& site, const GuestCommand& c, const RunDir& run) {
  fs::create_directories(run.shared() + "/bin");
  fs::create_directory(run.root_mount());
  copy_binary(site.programs.schedlab, run.shared() + "/bin/schedlab");
  copy_binary(site.programs.worker, run.shared() + "/bin/schedlab-worker");
  write_file(run.shared() + "/cmd", command_script(c.args));
  for (const auto& [name, content] : c.inputs) write_file(run.shared() + "/" + name, content);
}

std::optional<std::string> guest_file(const std::string& path) {
  return input::read_optional_file(path, input::kGuestOutput);  // the guest made no link to follow
}

// The CPUs QEMU's own threads and virtiofsd may use: ours minus the vCPUs'.
std::vector<int> emulator_cpus(const GuestShape& shape) {
  if (shape.host_cpus.empty()) return {};
  std::vector<int> cpus;
  for (int c : sys::affinity_of(0))
    if (std::find(shape.host_cpus.begin(), shape.host_cpus.end(), c) == shape.host_cpus.end()) cpus.push_back(c);
  return cpus;
}

// A vCPU's number from its thread name "CPU <n>/KVM" or "CPU <n>/TCG".
// Counting instructions, QEMU runs every vCPU in one thread, "ALL
// CPUs/TCG"; a counted guest has one vCPU, so that thread is vCPU 0.
std::optional<int> vcpu_of(const std::string& name) {
  if (name == "ALL CPUs/TCG") return 0;
  if (name.rfind("CPU ", 0) != 0 || name.find('/') == std::string::npos) return std::nullopt;
  return parse_whole_number<int>(name.substr(4, name.find('/') - 4), 0, 1 << 20);
}

// QEMU 7.2 cannot pin vCPUs itself: find each vCPU thread and move it.
std::vector<VcpuPin> pin_vcpus(sys::HelperProcess& qemu, const GuestShape& shape, sys::SignalGate& gate) {
  std::vector<VcpuPin> pins;
  if (shape.host_cpus.empty()) return pins;
  std::vector<sys::TaskName> tasks;
  auto vcpus_up = [&] {
    tasks = sys::task_names(qemu.pid());
    return qemu.exited() || std::count_if(tasks.begin(), tasks.end(), [](const auto& t) { return vcpu_of(t.name); }) >=
                                shape.vcpus;
  };
  wait_until(gate, Clock::now() + kStartWait, vcpus_up, std::chrono::milliseconds(10));
  for (const auto& t : tasks) {
    const auto vcpu = vcpu_of(t.name);
    if (!vcpu || *vcpu >= shape.vcpus) continue;
    const int cpu = shape.host_cpus[static_cast<std::size_t>(*vcpu)];
    if (const int err = sys::CpuMask({cpu}).apply(t.tid); err != 0)
      throw SystemError(fmt::format("kernels: pin vCPU {} (thread {}) to CPU", *vcpu, t.tid), std::to_string(cpu), err);
    pins.push_back({*vcpu, cpu});
  }
  std::sort(pins.begin(), pins.end(), [](const VcpuPin& a, const VcpuPin& b) { return a.vcpu < b.vcpu; });
  return pins;
}

// The two file-system daemons and their sockets.
class FileServers {
 public:
  FileServers(const BootSite& site, const RunDir& run, const sys::CpuMask* cpus, sys::SignalGate& gate)
      : run_(run) {
    root_.emplace(sys::HelperLaunch{daemon(site, run.root_socket(), run.root_mount(), "always"),
                                    run.dir + "/virtiofsd-root.log", cpus, run.root_mount()});
    shared_.emplace(sys::HelperLaunch{daemon(site, run.shared_socket(), run.shared(), "none"),
                                      run.dir + "/virtiofsd-shared.log", cpus, ""});
    // QEMU gives up at once when a socket is not there yet.
    auto ready = [&] {
      std::error_code ec;
      return (fs::is_socket(run.root_socket(), ec) && fs::is_socket(run.shared_socket(), ec)) || root_->exited() ||
             shared_->exited();
    };
    wait_until(gate, Clock::now() + kStartWait, ready);
    check_running(*root_, "the host's root", "virtiofsd-root.log");
    check_running(*shared_, "the shared directory", "virtiofsd-shared.log");
  }

 private:
  static std::vector<std::string> daemon(const BootSite& site, const std::string& socket, const std::string& source,
                                         const char* cache) {
    return {site.qemu.virtiofsd, "--socket-path=" + socket, "-o", "source=" + source, "-o",
            std::string("cache=") + cache, "-o", "sandbox=namespace"};
  }
  void check_running(sys::HelperProcess& p, const char* what, const char* log) {
    if (!p.exited()) return;
    const auto lines = last_lines(input::read_optional_file(run_.dir + "/" + log, input::kGuestOutput).value_or(""), 1);
    throw Error(ExitStatus::kNotApplied, fmt::format("kernels: virtiofsd for {} ended at once{}", what,
                                                     lines.empty() ? "" : ": " + lines.front()));
  }
  const RunDir& run_;
  std::optional<sys::HelperProcess> root_, shared_;
};

// When a boot has taken too long.  On the host's clock, at the deadline.
// Counting instructions, the guest's work is a fixed number of them: a
// loaded host takes longer in wall time for the same CPU time (at a load of
// 12-17 on two CPUs here, 80 s for a 12 s boot, and two boots past a 174 s
// deadline that were merely slow), so the deadline is QEMU's CPU time —
// what a guest spinning in a hang burns all the same — and wall time gets
// kCountedWallFactor times as long, for a guest hung idle, which burns none.
class BootDeadline {
 public:
  static constexpr int kCountedWallFactor = 10;
  explicit BootDeadline(const BootSite& site)
      : deadline_(site.deadline), counted_(counts_instructions(site.accel, site.shape)) {}
  std::chrono::nanoseconds wall_cap() const { return counted_ ? deadline_ * kCountedWallFactor : deadline_; }
  bool passed(pid_t qemu) const {
    if (!counted_) return false;  // the wall cap is the deadline
    const auto used = sys::cpu_seconds_of(qemu);
    return used && *used >= std::chrono::duration<double>(deadline_).count();
  }
  std::string describe() const {
    const double s = std::chrono::duration<double>(deadline_).count();
    return counted_ ? fmt::format("still running after {:.0f} s of QEMU's CPU time, or {:.0f} s in all (the "
                                  "deadline of a guest counting instructions)", s, s * kCountedWallFactor)
                    : fmt::format("still running after {:.0f} s (the deadline)", s);
  }

 private:
  std::chrono::nanoseconds deadline_;
  bool counted_;
};

void classify(BootOutcome& out, const RunDir& run, bool deadline_passed, const std::string& deadline,
              std::optional<int> qemu_status) {
  const std::string console = input::read_optional_file(run.console(), input::kGuestOutput).value_or("");
  const ConsoleReport report = read_console(console);
  out.console_tail = last_lines(console, kConsoleTail);
  out.run_uptime_s = report.run_uptime_s;
  out.exit_uptime_s = report.exit_uptime_s;
  const std::string rc = guest_file(run.shared() + "/rc").value_or("");
  const auto status = parse_whole_number<int>(rc.substr(0, rc.find('\n')), 0, 255);
  if (status && !deadline_passed) {
    out.kind = BootOutcome::Kind::kCompleted;
    out.exit_status = *status;
  } else if (deadline_passed) {
    out.kind = BootOutcome::Kind::kDeadline;
    out.problem = deadline + ": QEMU killed";
  } else if (!report.panic.empty()) {
    out.kind = BootOutcome::Kind::kPanic;
    out.problem = report.panic;
  } else if (!report.failure.empty()) {
    out.problem = "the guest's /init could not " + report.failure;
  } else if (qemu_status && !(WIFEXITED(*qemu_status) && WEXITSTATUS(*qemu_status) == 0)) {
    const auto log = last_lines(input::read_optional_file(run.dir + "/qemu.log", input::kGuestOutput).value_or(""), 1);
    out.problem = fmt::format("QEMU failed ({}){}", WIFSIGNALED(*qemu_status) ? fmt::format("signal {}", WTERMSIG(*qemu_status))
                                                                               : fmt::format("exit status {}", WEXITSTATUS(*qemu_status)),
                              log.empty() ? "" : ": " + log.front());
  } else {
    out.problem = report.init_started ? "the guest powered off without the command's status"
                                      : "the kernel did not reach schedlab's /init";
  }
}

void collect(BootOutcome& out, const RunDir& run, const GuestCommand& c) {
  out.stdout_text = guest_file(run.shared() + "/stdout").value_or("");
  out.stderr_text = guest_file(run.shared() + "/stderr").value_or("");
  for (const auto& name : c.outputs)
    if (auto text = guest_file(run.shared() + "/" + name)) out.outputs[name] = std::move(*text);
}

// Last of all, whatever is left of the boot's processes: helpers' children
// that left the helpers' process groups and were re-parented to us.
struct ReapLeftovers {
  ~ReapLeftovers() { sys::kill_all_children(); }
};

}  // namespace

const char* to_string(BootOutcome::Kind kind) {
  switch (kind) {
    case BootOutcome::Kind::kCompleted: return "completed";
    case BootOutcome::Kind::kNoBoot: return "no-boot";
    case BootOutcome::Kind::kPanic: return "panic";
    case BootOutcome::Kind::kDeadline: return "deadline";
  }
  return "unknown";
}

BootOutcome boot_guest(const BootSite& site, const KernelFiles& kernel, const Initramfs& initramfs,
                       const GuestCommand& command, Journal& journal, sys::SignalGate& gate) {
  const ReapLeftovers reap;
  return boot_guest_alongside(site, kernel, initramfs, command, journal, gate);
}

BootOutcome boot_guest_alongside(const BootSite& site, const KernelFiles& kernel, const Initramfs& initramfs,
                                 const GuestCommand& command, Journal& journal, sys::SignalGate& gate) {
  GuardStack guards;  // the directory goes after every process that used it
  const RunDir run{make_scratch_dir("schedlab-guest", journal, guards)};
  stage_shared(site, command, run);
  BootOutcome out;
  out.guest_argv = {"schedlab"};
  out.guest_argv.insert(out.guest_argv.end(), command.args.begin(), command.args.end());
  out.emulator_cpus = emulator_cpus(site.shape);
  std::optional<sys::CpuMask> mask;
  if (!out.emulator_cpus.empty()) mask.emplace(out.emulator_cpus);
  const sys::CpuMask* cpus = mask ? &*mask : nullptr;
  FileServers servers(site, run, cpus, gate);
  out.qemu_argv = {site.qemu.qemu};
  for (auto& a : qemu_arguments(site.accel, site.shape, run.files(kernel, initramfs))) out.qemu_argv.push_back(a);
  const auto start = Clock::now();
  out.started = utc_now_iso8601();
  sys::HelperProcess qemu({out.qemu_argv, run.dir + "/qemu.log", cpus, ""});
  out.pinning = pin_vcpus(qemu, site.shape, gate);
  const BootDeadline deadline(site);
  const bool ended = wait_until(gate, start + deadline.wall_cap(),
                                [&] { return qemu.exited().has_value() || deadline.passed(qemu.pid()); },
                                std::chrono::milliseconds(100)) &&
                     qemu.exited().has_value();
  out.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  const auto status = qemu.exited();
  qemu.stop();
  classify(out, run, !ended, deadline.describe(), status);
  collect(out, run, command);
  return out;
}

}  // namespace schedlab::guest
