#include "workloads/schbench_json.h"

#include <fmt/format.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <ctime>
#include <iostream>

#include "input/files.h"
#include "sys/proc_files.h"
#include "sys/safe_files.h"

namespace schedlab {
namespace {

constexpr double kPercentiles[] = {20, 50, 90, 99, 99.9};

// This invocation's command line, as schbench records its own.
std::string own_cmdline() {
  std::string text = input::read_system_file("/proc/self/cmdline").value_or("");
  std::replace(text.begin(), text.end(), '\0', ' ');
  while (!text.empty() && text.back() == ' ') text.pop_back();
  return text;
}

std::string sched_ext_state() {
  const auto state = input::read_system_line("/sys/kernel/sched_ext/state");
  return !state || *state == "disabled" ? "disabled" : input::read_system_line("/sys/kernel/sched_ext/root/ops").value_or(*state);
}

// A metric rounded to schbench's integer microseconds; null when it has no
// value (no samples), never a made-up 0.
ordered_json us(const MetricValues& v, const std::string& name) {
  const auto x = v.get(name);
  return x ? ordered_json(std::lround(*x)) : ordered_json(nullptr);
}

void add_latency(ordered_json& out, const std::string& key, const std::string& prefix, const MetricValues& v) {
  const char* suffixes[] = {"20", "50", "90", "99", "99_9"};
  for (size_t i = 0; i < 5; ++i)
    out[fmt::format("{}_pct{:.1f}", key, kPercentiles[i])] = us(v, fmt::format("{}_p{}_us", prefix, suffixes[i]));
  out[key + "_min"] = us(v, prefix + "_min_us");
  out[key + "_max"] = us(v, prefix + "_max_us");
}

// Nearest-rank percentiles of the per-second RPS samples; null without any
// (a window under a second), not a rate of 0.
void add_rps(ordered_json& out, std::vector<double> xs) {
  std::sort(xs.begin(), xs.end());
  auto at = [&](size_t rank) -> ordered_json {
    if (xs.empty()) return nullptr;
    return std::lround(xs[std::clamp<size_t>(rank, 1, xs.size()) - 1]);
  };
  for (double p : kPercentiles)
    out[fmt::format("rps_pct{:.1f}", p)] = at(static_cast<size_t>(std::ceil(p / 100 * static_cast<double>(xs.size()))));
  out["rps_min"] = at(1);
  out["rps_max"] = at(xs.size());
}

}  // namespace

ordered_json schbench_json(const WakeupData& data, const MetricValues& values, const std::string& jobname,
                           bool pipe, double runtime_s) {
  utsname u{};
  uname(&u);
  char host[256] = "";
  gethostname(host, sizeof host - 1);
  ordered_json normal = {{"version", u.release}};
  if (!jobname.empty()) normal["jobname"] = jobname;
  normal["hostname"] = host;
  normal["sched_ext"] = sched_ext_state();
  normal["cmdline"] = own_cmdline();
  ordered_json ints = {{"time", static_cast<long>(std::time(nullptr))}};
  add_latency(ints, "wakeup_latency", "wakeup", values);
  if (!pipe) {
    add_latency(ints, "request_latency", "request", values);
    add_rps(ints, data.rps_samples);
  }
  ints["runtime"] = std::lround(runtime_s);
  return {{"normal", normal}, {"int", ints}};
}

void write_schbench_json(const std::string& path, const ordered_json& j) {
  const std::string text = j.dump(-1, ' ', false, ordered_json::error_handler_t::replace);
  if (path == "-") {
    std::cout << text << "\n";
    return;
  }
  sys::write_file_atomically(path, text, 0644);
}

}  // namespace schedlab
