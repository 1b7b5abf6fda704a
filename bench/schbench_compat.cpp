// Fidelity: the real schbench against `schedlab run wakeup --schbench-compat`
// with the same options, interleaved round by round; prints average rps and
// p50/p99 wakeup latency of both and their ratios (1.0 = the same figure).
// schbench is not shipped with schedlab: SCHBENCH=/path/to/schbench.
//
// Usage: SCHBENCH=... bench/schbench_compat ROUNDS SECONDS -- SCHBENCH OPTIONS (no -r)
//   e.g. bench/schbench_compat 3 10 -- -L -m 1 -M auto -n 0
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "report/result_file.h"
#include "stats/descriptive.h"

namespace {

namespace fs = std::filesystem;

struct Figures {
  double rps = 0, p50 = 0, p99 = 0;
};

// schbench prints its report on stderr: the last "average rps:" and the
// last Wakeup block's 50th and 99th lines are the final report's.
Figures run_schbench(const std::string& bin, const std::string& options, int seconds) {
  const std::string command = fmt::format("{} {} -r {} 2>&1", bin, options, seconds);
  FILE* p = popen(command.c_str(), "r");
  if (!p) throw std::runtime_error("cannot run " + command);
  Figures f;
  bool in_wakeup = false;
  char line[512];
  while (fgets(line, sizeof line, p)) {
    const std::string l = line;
    if (l.rfind("Wakeup Latencies", 0) == 0) in_wakeup = true;
    else if (l.rfind("Request Latencies", 0) == 0) in_wakeup = false;
    if (in_wakeup && l.find("50.0th:") != std::string::npos) f.p50 = std::atof(l.c_str() + l.find(':') + 1);
    if (in_wakeup && l.find("99.0th:") != std::string::npos) f.p99 = std::atof(l.c_str() + l.find(':') + 1);
    if (l.rfind("average rps:", 0) == 0) f.rps = std::atof(l.c_str() + 12);
  }
  if (pclose(p) != 0) throw std::runtime_error("failed: " + command);
  return f;
}

Figures run_schedlab(const fs::path& schedlab, const std::string& options, int seconds) {
  const std::string json = fmt::format("/tmp/schedlab-schbench-{}.json", getpid());
  const std::string command =
      fmt::format("{} run wakeup {} --schbench-compat --duration {}s --runs 1 --quiet --json {}",
                  schedlab.string(), options, seconds, json);
  if (std::system(command.c_str()) != 0) throw std::runtime_error("failed: " + command);
  const auto& v = schedlab::read_result_file(json).sets.at(0).runs.at(0).values;
  fs::remove(json);
  return {*v.get("rps"), *v.get("wakeup_p50_us"), *v.get("wakeup_p99_us")};
}

}  // namespace

int main(int argc, char** argv) {
  const char* bin = std::getenv("SCHBENCH");
  if (!bin || access(bin, X_OK) != 0 || argc < 4 || std::string(argv[3]) != "--") {
    fmt::print(stderr, "usage: SCHBENCH=/path/to/schbench {} ROUNDS SECONDS -- OPTIONS\n", argv[0]);
    return 2;
  }
  const int rounds = std::atoi(argv[1]), seconds = std::atoi(argv[2]);
  std::vector<std::string> words(argv + 4, argv + argc);
  const std::string options = fmt::format("{}", fmt::join(words, " "));
  const fs::path schedlab = fs::canonical("/proc/self/exe").parent_path().parent_path() / "schedlab";
  std::vector<double> rps[2], p50[2], p99[2];
  for (int r = 0; r < rounds; ++r) {
    for (int side : {r % 2, 1 - r % 2}) {
      const Figures f = side == 0 ? run_schbench(bin, options, seconds) : run_schedlab(schedlab, options, seconds);
      rps[side].push_back(f.rps), p50[side].push_back(f.p50), p99[side].push_back(f.p99);
    }
    fmt::print("round {}: schbench rps {:.1f} p50 {:.1f} p99 {:.1f} | schedlab rps {:.1f} p50 {:.1f} p99 {:.1f}\n",
               r + 1, rps[0].back(), p50[0].back(), p99[0].back(), rps[1].back(), p50[1].back(), p99[1].back());
  }
  using schedlab::stats::median;
  fmt::print("median ratios schedlab/schbench: rps {:.3f}, p50 {:.3f}, p99 {:.3f}\n",
             median(rps[1]) / median(rps[0]), median(p50[1]) / median(p50[0]),
             median(p99[1]) / median(p99[0]));
  return 0;
}
