#include "bench/bench_support.h"

#include <fmt/format.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <random>
#include <stdexcept>
#include <thread>

#include "store/result_file.h"
#include "core/descriptive.h"
#include "sys/proc_stat.h"

namespace bench {

const schedlab::WorkloadRegistry& workloads() {
  static const schedlab::WorkloadRegistry kWorkloads = schedlab::builtin_workloads();
  return kWorkloads;
}

schedlab::Registries registries() {
  static const schedlab::ProbeList kProbes = schedlab::builtin_probes();
  return {workloads(), kProbes};
}

fs::path schedlab_binary() {
  return fs::canonical("/proc/self/exe").parent_path().parent_path() / "schedlab";
}

std::string run_capture(const std::string& command, int& status) {
  FILE* p = popen((command + " 2>&1").c_str(), "r");
  if (!p) throw std::runtime_error("cannot run " + command);
  std::string out;
  char buf[4096];
  for (size_t n; (n = fread(buf, 1, sizeof buf, p)) > 0;) out.append(buf, n);
  const int wait_status = pclose(p);
  status = WIFSIGNALED(wait_status) ? 128 + WTERMSIG(wait_status) : WEXITSTATUS(wait_status);
  return out;
}

std::string run_capture(const std::string& command) {
  int status = 0;
  std::string out = run_capture(command, status);
  if (status != 0) throw std::runtime_error("failed: " + command + "\n" + out);
  return out;
}

schedlab::MetricValues schedlab_run(const std::string& args) {
  const std::string json = fmt::format("/tmp/schedlab-bench-{}.json", getpid());
  run_capture(fmt::format("{} run {} --runs 1 --quiet --json {}", schedlab_binary().string(), args, json));
  const auto file = schedlab::read_result_file(json, bench::workloads());
  fs::remove(json);
  return file.sets.at(0).runs.at(0).values;
}

bool wait_until_quiet(double busy_pct, double limit_s) {
  const auto start = std::chrono::steady_clock::now();
  for (;;) {
    const auto before = schedlab::sys::read_proc_stat();
    std::this_thread::sleep_for(std::chrono::seconds(1));
    const auto d = schedlab::sys::ticks_between(before.all, schedlab::sys::read_proc_stat().all);
    const double busy = d.total() ? 100.0 * static_cast<double>(d.busy()) / static_cast<double>(d.total()) : 0;
    if (busy <= busy_pct) return true;
    if (std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() > limit_s) return false;
  }
}

RatioSummary summarize_ratios(const std::vector<double>& ratios) {
  RatioSummary s;
  s.pairs = ratios.size();
  if (ratios.empty()) return s;
  s.median = schedlab::stats::median(ratios);
  s.min = *std::min_element(ratios.begin(), ratios.end());
  s.max = *std::max_element(ratios.begin(), ratios.end());
  std::mt19937_64 rng(20261130);
  std::uniform_int_distribution<size_t> pick(0, ratios.size() - 1);
  std::vector<double> medians, resample(ratios.size());
  for (int b = 0; b < 2000; ++b) {
    for (auto& x : resample) x = ratios[pick(rng)];
    medians.push_back(schedlab::stats::median(resample));
  }
  std::sort(medians.begin(), medians.end());
  s.low = medians[static_cast<size_t>(0.025 * static_cast<double>(medians.size()))];
  s.high = medians[static_cast<size_t>(0.975 * static_cast<double>(medians.size())) - 1];
  return s;
}

std::string describe(const RatioSummary& s) {
  return fmt::format("{:.3f} [{:.3f}, {:.3f}] (min {:.3f}, max {:.3f}, {} pairs)", s.median, s.low, s.high,
                     s.min, s.max, s.pairs);
}

}  // namespace bench
