#include "guest/guest_block.h"

#include <fmt/format.h>

#include <filesystem>

#include "core/cpu_list.h"
#include "core/duration.h"
#include "core/error.h"
#include "guest/kernels_run.h"

namespace schedlab::guest {
namespace {

// null when boots ran one at a time, else each slot's host CPUs: ["0", "1"].
ordered_json side_by_side_json(const std::vector<std::vector<int>>& groups) {
  if (groups.empty()) return nullptr;
  ordered_json j = ordered_json::array();
  for (const auto& g : groups) j.push_back(format_cpu_list(g));
  return j;
}

}  // namespace

std::vector<std::vector<int>> side_by_side_cpus(int kernels, int vcpus, const std::vector<int>& host_cpus,
                                                const std::vector<int>& allowed, const std::string& option) {
  const std::vector<int>& from = host_cpus.empty() ? allowed : host_cpus;
  const std::size_t need = static_cast<std::size_t>(kernels) * static_cast<std::size_t>(vcpus);
  if (from.size() < need)
    throw UsageError(option, format_cpu_list(from),
                     fmt::format("{} host CPUs: {} guests booted side by side, {} vCPUs each, on CPUs of their own "
                                 "(fewer vCPUs, or boots one at a time)",
                                 need, kernels, vcpus));
  std::vector<std::vector<int>> groups;
  for (std::size_t g = 0; g < static_cast<std::size_t>(kernels); ++g)
    groups.emplace_back(from.begin() + static_cast<std::ptrdiff_t>(g * static_cast<std::size_t>(vcpus)),
                        from.begin() + static_cast<std::ptrdiff_t>((g + 1) * static_cast<std::size_t>(vcpus)));
  return groups;
}

ordered_json describe_boot(const BootPlace& place, const BootOutcome& o, const std::string& seed) {
  ordered_json b = {{"boot", place.boot}, {"block", place.block}, {"outcome", to_string(o.kind)},
                    {"started", o.started}, {"seconds", o.seconds}};
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
          {"arch", to_string(k.arch)},
          {"cpu", cpu_model(plan.accel.accel, k.arch)},
          {"clock", to_string(clock_in_effect(plan.accel.accel, shape))},
          {"icount_shift", counts_instructions(plan.accel.accel, shape) ? ordered_json(kIcountShift)
                                                                         : ordered_json(nullptr)},
          {"qemu", {{"binary", plan.site.qemu.qemu}, {"version", plan.site.qemu.version},
                    {"virtiofsd", plan.site.qemu.virtiofsd}}},
          {"vcpus", shape.vcpus},
          {"memory_mib", shape.memory_mib},
          {"host_cpus", shape.host_cpus.empty() ? ordered_json(nullptr) : ordered_json(format_cpu_list(shape.host_cpus))},
          {"append", shape.append},
          {"kernel_cmdline", kernel_command_line({k.arch, k.vmlinuz, image.path, "", "", "", k.modules}, shape)},
          {"deadline_s", to_seconds(plan.site.deadline)},
          {"boots_requested", plan.boots},
          {"side_by_side", side_by_side_json(plan.side_by_side)},
          {"seed", plan.seed},
          {"run_args", plan.run_args},
          {"host_environment", plan.host_environment},
          {"boots", ordered_json::array()}};
}

}  // namespace schedlab::guest
