// `check --kernel`: the command line and the baseline bound to the
// single-boot flow's GuestCheck (flows/check_kernel.h), everything checked
// before the boot, reading only.
#include "cli/check_kernel.h"

#include <fmt/format.h>

#include <iostream>

#include "flows/kernels_request.h"
#include "guest/initramfs.h"
#include "guest/kernel_modules.h"
#include "spec/run_spec_io.h"
#include "cli/command_options.h"
#include "core/duration.h"
#include "core/error.h"
#include "env/environment.h"
#include "guest/kernel_needs.h"
#include "input/files.h"
#include "input/kernel_append.h"
#include "store/result_file.h"

namespace schedlab {
namespace {

std::string shown_text(const ordered_json& j) { return j.is_string() ? j.get<std::string>() : j.dump(); }

guest::GuestCommand guest_command(const CheckOptions& o) {
  guest::GuestCommand c;
  c.args = {"check", "--baseline", "baseline.json", "--threshold", o.threshold, "--max-runs", o.max_runs, "--json",
            kGuestEvidence, "--no-store"};
  c.inputs["baseline.json"] = input::read_named_file(o.baseline, input::kResultFile);
  if (!o.bad.empty()) {
    c.args.insert(c.args.end(), {"--bad", "bad.json"});
    c.inputs["bad.json"] = input::read_named_file(o.bad, input::kResultFile);
  }
  if (o.trust_baseline) c.args.push_back("--trust-baseline");
  if (o.no_wait) c.args.push_back("--no-wait");
  c.outputs = {kGuestEvidence};
  return c;
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
  // A baseline written before guests counted instructions ran on the host's clock.
  t.clock = g.value("clock", std::string("host"));
  return t;
}

guest::GuestShape baseline_guest_shape(const ordered_json& g) {
  const KernelsTexts t = baseline_shape_texts(g);
  return parse_guest_shape(t.vcpus, t.memory, t.host_cpus, t.append, t.clock);
}

GuestCheck prepare_guest_check(const Registries& registries, const CheckOptions& o,
                               const std::vector<std::string>& argv) {
  GuestCheck check;
  check.json = o.json;
  check.store = to_store_choice(o.store);
  check.emulated_ok = o.emulated_ok;
  guest::KernelsPlan& plan = check.plan;
  const ResultFile good = read_result_file(o.baseline, registries.workloads);
  const ResultSet& set = baseline_guest_set(good, o.baseline);
  if (!o.bad.empty()) baseline_guest_set(read_result_file(o.bad, registries.workloads), o.bad);
  const guest::GuestShape shape = baseline_guest_shape(set.guest);  // the baseline's guest.append vetted first
  plan.kernels = {guest::locate_kernel("--kernel", guest::parse_kernel_arg("--kernel", o.kernel), o.trust_kernel)};
  guest::KernelFiles& kernel = plan.kernels.front();
  guest::require_host_arch("--kernel", o.kernel, kernel.arch, "check");  // before what an arm64 kernel would need
  if (!o.kernel_config.empty()) guest::use_config("--config", o.kernel_config, kernel);
  guest::check_qemu_path("--kernel", kernel.vmlinuz);
  const RunSpec spec = read_run_spec(set, registries);
  guest::check_kernel_config("--kernel", kernel.name + "=" + kernel.vmlinuz, kernel.config,
                             guest::guest_and_spec_needs(kernel.arch, guest::kernel_needs(spec, registries.probes, run_option_specs())));
  check.accel = baseline_accel(set.guest);
  const auto max_runs = static_cast<int>(whole_of(command_option("--max-runs", "check"), "--max-runs", o.max_runs));
  plan.site = make_boot_site(shape, guest_check_deadline(spec, max_runs), kernel.arch,
                             guest::guest_programs(kernel.arch, "", ""));
  // Read only: what the initramfs needs is checked here, and the cache
  // (its directory, the image) is written by run_guest_check, never by a
  // dry run, and only once the Session guards an interrupt.
  guest::boot_modules("--kernel", kernel);
  plan.boots = 1;
  plan.argv = argv;
  plan.host_environment = collect_environment();
  check.command = guest_command(o);
  plan.run_args = check.command.args;
  return check;
}

}  // namespace schedlab
