// `schedlab kernels`' option texts checked against this host and bound,
// with the spec its guests run, to the kernels flow's request.
#include "flows/kernels_request.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>

#include "core/cpu_list.h"
#include "core/duration.h"
#include "core/error.h"
#include "env/environment.h"
#include "guest/initramfs.h"
#include "input/kernel_append.h"
#include "spec/option_bounds.h"
#include "spec/seed_option.h"
#include "runner/run_setup.h"
#include "sys/affinity.h"

namespace schedlab {
namespace {

using guest::GuestShape;

std::vector<int> parse_host_cpus(const std::string& text) {
  auto cpus = parse_cpu_list("--host-cpus", text);
  const auto mine = sys::affinity_of(0);
  for (int c : cpus)
    if (std::find(mine.begin(), mine.end(), c) == mine.end())
      throw UsageError("--host-cpus", text, fmt::format("CPUs this process may run on ({})", format_cpu_list(mine)));
  return cpus;
}

void refuse_inner(const ParsedRun& p) {
  auto refuse = [](const char* option, const char* why) {
    throw UsageError(fmt::format("kernels: -- run ... {}: {}", option, why));
  };
  const RunOptions& o = p.settings.options;
  if (o.json_path) refuse("--json", "the result goes to the file of schedlab kernels --json");
  if (o.label) refuse("--label", "each kernel's sets are labelled by its --kernel NAME");
  if (!p.store.store.empty() || p.store.no_store) refuse("--store/--no-store", "give them to schedlab kernels");
  if (o.force_write || o.append)
    refuse("--force/--append", "the result file is schedlab kernels --json's (--force there replaces it)");
  if (p.lava) refuse("--lava", "for a LAVA test shell (schedlab lava job); kernels reads its guests' results itself");
}

// Boot allowance plus three times the spec's own time: TCG boots slowly and
// runs a guest's setup many times slower than the host.
std::chrono::nanoseconds deadline_for(const std::string& text, double expected_s) {
  if (!text.empty()) return parse_duration("--deadline", text, false);
  return std::chrono::seconds(120) + std::chrono::duration_cast<std::chrono::nanoseconds>(
                                          std::chrono::duration<double>(3 * expected_s));
}

// --config [NAME=]FILE: that kernel's configuration (every kernel's without NAME).
void use_configs(const std::vector<std::string>& texts, std::vector<guest::KernelFiles>& kernels) {
  for (const auto& text : texts) {
    const auto eq = text.find('=');
    const std::string name = eq == std::string::npos ? "" : text.substr(0, eq);
    const std::string file = eq == std::string::npos ? text : text.substr(eq + 1);
    bool used = false;
    for (auto& k : kernels)
      if (name.empty() || k.name == name) {
        guest::use_config("--config", file, k);
        used = true;
      }
    if (!used) throw UsageError("--config", text, "[NAME=]FILE with the NAME of a --kernel");
  }
}

// Every option the spec needs, in each kernel's configuration, before any boot.
void check_configs(const std::vector<guest::KernelFiles>& kernels, const std::vector<guest::KernelNeed>& needs) {
  for (const auto& k : kernels)
    guest::check_kernel_config("--kernel", k.name + "=" + k.vmlinuz, k.config, guest::guest_and_spec_needs(k.arch, needs));
}

}  // namespace

guest::GuestArch kernels_arch(const std::vector<guest::KernelFiles>& kernels, const std::string& arch) {
  const guest::KernelFiles& first = kernels.front();
  for (const auto& k : kernels)
    if (k.arch != first.arch)
      throw UsageError("--kernel", k.name + "=" + k.vmlinuz,
                       fmt::format("a kernel of one architecture with the others ({} is {}, {} is {}): the same "
                                   "programs run in every guest", first.name, to_string(first.arch), k.name,
                                   to_string(k.arch)));
  if (!arch.empty() && guest::parse_guest_arch("--arch", arch) != first.arch)
    throw UsageError("--arch", arch, fmt::format("the kernels' architecture: {} is an {} image", first.vmlinuz,
                                                 to_string(first.arch)));
  return first.arch;
}

namespace {

std::vector<guest::KernelFiles> locate_kernels(const std::vector<std::string>& texts, bool trusted) {
  if (texts.empty()) throw UsageError("kernels: --kernel NAME=VMLINUZ[:INITRD] is required (once per kernel)");
  std::vector<guest::KernelFiles> kernels;
  for (const auto& text : texts) {
    kernels.push_back(guest::locate_kernel("--kernel", guest::parse_kernel_arg("--kernel", text), trusted));
    const auto& k = kernels.back();
    guest::check_qemu_path("--kernel", k.vmlinuz);
    if (!k.modules.empty()) guest::check_qemu_path("--kernel (its modules)", k.modules);
    for (std::size_t i = 0; i + 1 < kernels.size(); ++i)
      if (kernels[i].name == k.name)
        throw UsageError("--kernel", text, fmt::format("a NAME no other --kernel has ('{}' is taken; name them: "
                                                       "A=VMLINUZ)", k.name));
  }
  return kernels;
}

}  // namespace

GuestShape parse_guest_shape(const std::string& vcpus, const std::string& memory, const std::string& host_cpus,
                             const std::string& append, const std::string& clock) {
  GuestShape shape;
  if (!host_cpus.empty()) shape.host_cpus = parse_host_cpus(host_cpus);
  shape.vcpus = shape.host_cpus.empty() ? 2 : static_cast<int>(shape.host_cpus.size());
  if (!vcpus.empty()) {
    const auto n = static_cast<int>(whole_in("--vcpus", vcpus, kVcpusBounds));  // a baseline's too
    if (!shape.host_cpus.empty() && n != shape.vcpus)
      throw UsageError("--vcpus", vcpus, fmt::format("one vCPU per --host-cpus CPU ({})", shape.vcpus));
    shape.vcpus = n;
  }
  shape.memory_mib = guest_memory_mib("--memory", memory);  // a baseline's too
  input::check_kernel_append("--append", append);
  shape.append = append;
  shape.clock = guest::parse_guest_clock("--guest-clock", clock);
  guest::check_clock_fits(shape);
  return shape;
}

namespace {

// The shape of each guest; with --side-by-side, --host-cpus is the pool the
// guests' CPU groups are cut from (--vcpus each), not one guest's.
GuestShape side_by_side_shape(const KernelsTexts& t, guest::KernelsPlan& plan) {
  if (!t.side_by_side) return parse_guest_shape(t.vcpus, t.memory, t.host_cpus, t.append, t.clock);
  GuestShape shape = parse_guest_shape(t.vcpus, t.memory, "", t.append, t.clock);
  const std::vector<int> pool = t.host_cpus.empty() ? std::vector<int>{} : parse_host_cpus(t.host_cpus);
  const int kernels = static_cast<int>(plan.kernels.size());
  if (t.vcpus.empty() && !pool.empty()) shape.vcpus = std::max(1, static_cast<int>(pool.size()) / kernels);
  plan.side_by_side = guest::side_by_side_cpus(kernels, shape.vcpus, pool, sys::affinity_of(0),
                                               t.host_cpus.empty() ? "--side-by-side" : "--host-cpus");
  return shape;
}

}  // namespace

std::optional<bool> side_by_side_choice(bool side_by_side, bool one_at_a_time) {
  if (side_by_side && one_at_a_time) throw UsageError("--side-by-side: not with --one-at-a-time");
  if (side_by_side || one_at_a_time) return side_by_side;
  return std::nullopt;
}

bool fits_side_by_side(const KernelsTexts& t) {
  if (!t.host_cpus.empty()) return false;  // the guests' place was chosen: one at a time, as recorded
  const int vcpus = parse_guest_shape(t.vcpus, t.memory, "", t.append, t.clock).vcpus;
  return sys::affinity_of(0).size() >= 2 * static_cast<std::size_t>(vcpus);
}

guest::BootSite make_boot_site(const GuestShape& shape, std::chrono::nanoseconds deadline, guest::GuestArch arch,
                               guest::GuestPrograms programs) {
  // The final shape: --side-by-side may have cut the vCPUs from a pool since parse_guest_shape.
  guest::check_clock_fits(shape);
  guest::BootSite site;
  site.qemu = guest::find_qemu(arch);
  site.accel = guest::Accel::kTcg;
  site.shape = shape;
  site.deadline = deadline;
  site.arch = arch;
  site.programs = std::move(programs);
  const char* tmp = std::getenv("TMPDIR");
  guest::check_qemu_path("TMPDIR (where each boot's directory goes)", tmp && *tmp ? tmp : "/tmp");
  return site;
}

KernelsRequest make_kernels_request(const KernelsTexts& t, GuestSpec spec, const std::vector<std::string>& argv) {
  refuse_inner(spec.parsed);
  KernelsRequest r;
  guest::KernelsPlan& plan = r.plan;
  // With --arch the programs are known before the kernels: checked first.
  std::optional<guest::GuestPrograms> programs;
  if (!t.arch.empty())
    programs = guest::guest_programs(guest::parse_guest_arch("--arch", t.arch), t.guest_schedlab, t.guest_busybox);
  plan.kernels = locate_kernels(t.kernels, t.trust_kernel);
  use_configs(t.configs, plan.kernels);
  check_configs(plan.kernels, spec.needs);
  plan.boots = static_cast<int>(whole_in("--boots", t.boots, kBootsBounds));  // a suite scenario's --runs too
  plan.seed = parse_seed_option(t.seed);
  if (!t.accel.empty() && t.accel != "kvm" && t.accel != "tcg") throw UsageError("--accel", t.accel, "kvm or tcg");
  if (!t.accel.empty()) r.accel = t.accel == "kvm" ? guest::Accel::kKvm : guest::Accel::kTcg;
  const GuestShape shape = side_by_side_shape(t, plan);
  if (!t.json.empty()) r.json = t.json;  // checked while parsing (cli/path_options.h)
  r.quiet = t.quiet;
  r.store = to_store_choice(t.store);
  plan.run_args = spec.run_args;
  plan.seed_per_block = spec.seed_per_block();
  plan.runs_per_boot = spec.runs;
  plan.described = std::move(spec.described);
  plan.argv = argv;
  const guest::GuestArch arch = kernels_arch(plan.kernels, t.arch);
  if (!programs) programs = guest::guest_programs(arch, t.guest_schedlab, t.guest_busybox);
  plan.site = make_boot_site(shape, deadline_for(t.deadline, spec.expected_s), arch, std::move(*programs));
  r.cache_dir = guest::guest_cache_dir();
  guest::check_qemu_path("XDG_CACHE_HOME (the initramfs cache)", r.cache_dir);
  for (const auto& k : plan.kernels) plan.images.push_back(guest::prepare_initramfs("--kernel", k, plan.site.programs.busybox, r.cache_dir));
  plan.host_environment = collect_environment();
  return r;
}

}  // namespace schedlab
