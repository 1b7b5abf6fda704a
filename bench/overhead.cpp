// Harness overhead: schedlab's spawn and exec loops against minimal C loops
// (raw_fork_loop, raw_exec_loop) on the same CPU, interleaved round by round
// in one invocation, so drift and noise hit both sides alike.  Prints the
// per-round values and the ratio of medians (schedlab / raw, where 1.0 means
// no overhead; the target is >= 0.97).
//
// Usage: bench/overhead [ROUNDS] [CPU]   (from the build directory: bench/overhead)
#include <fmt/format.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "report/result_file.h"
#include "stats/descriptive.h"

namespace {

namespace fs = std::filesystem;

double run_for_number(const std::string& command) {
  FILE* p = popen(command.c_str(), "r");
  if (!p) throw std::runtime_error("cannot run " + command);
  double value = 0;
  const int n = fscanf(p, "%lf", &value);
  if (pclose(p) != 0 || n != 1) throw std::runtime_error("failed: " + command);
  return value;
}

double schedlab_value(const fs::path& schedlab, const std::string& args, const std::string& metric) {
  const std::string json = fmt::format("/tmp/schedlab-bench-{}.json", getpid());
  const std::string command =
      fmt::format("{} run {} --runs 1 --quiet --json {}", schedlab.string(), args, json);
  if (std::system(command.c_str()) != 0) throw std::runtime_error("failed: " + command);
  const auto file = schedlab::read_result_file(json);
  fs::remove(json);
  return *file.sets.at(0).runs.at(0).values.get(metric);
}

struct Pair {
  std::vector<double> raw, ours;
};

void report(const char* name, const Pair& p, bool higher_is_better) {
  const double raw = schedlab::stats::median(p.raw), ours = schedlab::stats::median(p.ours);
  const double ratio = higher_is_better ? ours / raw : raw / ours;
  fmt::print("{:<6} raw median {:>10.2f}  schedlab median {:>10.2f}  ratio {:.3f}  {}\n", name, raw,
             ours, ratio, ratio >= 0.97 ? "OK (>= 0.97)" : "BELOW TARGET 0.97");
}

}  // namespace

int main(int argc, char** argv) {
  const int rounds = argc > 1 ? std::atoi(argv[1]) : 5;
  const int cpu = argc > 2 ? std::atoi(argv[2]) : 0;
  const fs::path here = fs::canonical("/proc/self/exe").parent_path();
  const fs::path build = here.parent_path();
  const fs::path schedlab = build / "schedlab";
  const std::string pin = fmt::format("taskset -c {}", cpu);
  Pair spawn, exec;
  for (int r = 0; r < rounds; ++r) {
    // Alternate which side goes first, so neither always follows the other.
    const bool raw_first = r % 2 == 0;
    for (int side = 0; side < 2; ++side) {
      if ((side == 0) == raw_first) {
        spawn.raw.push_back(run_for_number(fmt::format("{} {} 2", pin, (here / "raw_fork_loop").string())));
        exec.raw.push_back(run_for_number(fmt::format("{} {} 4000", pin, (here / "raw_exec_loop").string())));
      } else {
        spawn.ours.push_back(schedlab_value(schedlab, fmt::format("spawn --cpus {} --duration 2s", cpu), "lps"));
        exec.ours.push_back(schedlab_value(schedlab, fmt::format("exec --cpus {} --iterations 4000", cpu), "exec_us"));
      }
    }
    fmt::print("round {}: spawn raw {:.1f} lps, schedlab {:.1f} lps; exec raw {:.1f} us, schedlab {:.1f} us\n",
               r + 1, spawn.raw.back(), spawn.ours.back(), exec.raw.back(), exec.ours.back());
  }
  report("spawn", spawn, true);
  report("exec", exec, false);
  return 0;
}
