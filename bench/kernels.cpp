// schedlab kernels on the two Debian kernels scripts/guest-kernels unpacks
// (cloud and PREEMPT_RT of one ABI):
//  1. boot to result: each guest's QEMU start to its result, and the
//     guest's uptime when the command started, over BOOTS boots per kernel
//     of a 1-second spawn run;
//  2. the spawn and context figures of the two kernels, --boots BOOTS, one
//     5-second run per boot, compared with `schedlab compare --paired`.
// The accelerator is what `schedlab kernels` picks: KVM where a probe boot
// shows it runs guests, else TCG — whose figures compare refuses to mark,
// because they describe the emulator, not the kernel.
//
// Usage: bench/kernels [BOOTS (5)] [KERNELS_DIR (build/guest-kernels)]
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <map>

#include "bench/bench_support.h"
#include "store/result_file.h"
#include "core/descriptive.h"

namespace {

std::string kernel_arg(const bench::fs::path& dir, const std::string& flavour) {
  for (const auto& e : bench::fs::directory_iterator(dir / flavour / "boot"))
    if (e.path().filename().string().rfind("vmlinuz-", 0) == 0) return flavour + "=" + e.path().string();
  throw std::runtime_error("no vmlinuz in " + (dir / flavour / "boot").string() + ": run scripts/guest-kernels");
}

// `schedlab kernels` on both kernels; returns the result file's path.
std::string kernels(const std::string& kernel_args, int boots, const std::string& spec, const std::string& name) {
  std::string json = fmt::format("/tmp/schedlab-bench-kernels-{}-{}.json", name, getpid());
  const std::string command = fmt::format("{} kernels {} --boots {} --seed 1 --quiet --no-store --json {} -- run {}",
                                          bench::schedlab_binary().string(), kernel_args, boots, json, spec);
  fmt::print("$ {}\n", command);
  bench::run_capture(command);
  return json;
}

std::string min_median_max(std::vector<double> xs) {
  std::sort(xs.begin(), xs.end());
  return fmt::format("{:.1f} / {:.1f} / {:.1f}", xs.front(), schedlab::stats::median(xs), xs.back());
}

// The boot-to-result table: per kernel, min / median / max.
void boot_times(const std::string& json) {
  const auto file = schedlab::read_result_file(json, bench::workloads());
  fmt::print("\n| kernel | accel | boots | QEMU start to result (s) | command started at guest uptime (s) |\n"
             "| --- | --- | --- | --- | --- |\n");
  for (const auto& set : file.sets) {
    std::vector<double> seconds, uptime;
    for (const auto& b : set.guest["boots"]) {
      seconds.push_back(b["seconds"].get<double>());
      if (b.contains("guest_command_uptime_s")) uptime.push_back(b["guest_command_uptime_s"].get<double>());
    }
    fmt::print("| {} ({}) | {} | {} | {} | {} |\n", set.label, set.environment["kernel"]["release"].get<std::string>(),
               set.guest["accel"].get<std::string>(), seconds.size(), min_median_max(seconds),
               uptime.empty() ? "-" : min_median_max(uptime));
  }
}

}  // namespace

int main(int argc, char** argv) {
  const int boots = argc > 1 ? std::atoi(argv[1]) : 5;
  const bench::fs::path dir = argc > 2 ? argv[2] : bench::schedlab_binary().parent_path() / "guest-kernels";
  const std::string args = fmt::format("--kernel {} --kernel {}", kernel_arg(dir, "cloud"), kernel_arg(dir, "rt"));
  const std::string schedlab = bench::schedlab_binary().string();
  const std::string boot = kernels(args, boots, "spawn --duration 1 --runs 1", "boot");
  boot_times(boot);
  for (const char* spec : {"spawn --duration 5 --runs 1", "context --duration 5 --runs 1"}) {
    const std::string json = kernels(args, boots, spec, "figures");
    const std::string compare = fmt::format("{} compare {} --paired --metrics {}", schedlab, json,
                                            std::string(spec).rfind("spawn", 0) == 0 ? "lps,sys_s" : "lps,voluntary_ctxsw");
    fmt::print("\n$ {}\n{}", compare, bench::run_capture(compare));
    bench::fs::remove(json);
  }
  bench::fs::remove(boot);
  return 0;
}
