// Harness overhead: schedlab's spawn and exec loops against minimal C loops
// (raw_fork_loop, raw_exec_loop) on the same CPU, interleaved pair by pair
// (the order alternates) in one invocation, so drift and noise hit both
// sides alike.  Prints each pair and the median of the per-pair ratios
// schedlab / raw with its 95% bootstrap interval (1.0 = no overhead; the
// target is >= 0.99).  spawn runs with --child-exit _exit, as the raw loop.
//
// Usage: bench/overhead [PAIRS (10)] [CPU (the last)]
#include <fmt/format.h>
#include <unistd.h>

#include <cstdlib>

#include "bench/bench_support.h"

namespace {

double raw(const std::string& command) { return std::atof(bench::run_capture(command).c_str()); }

void report(const char* name, const std::vector<double>& ratios) {
  const auto s = bench::summarize_ratios(ratios);
  fmt::print("{:<6} schedlab / raw: {}  {}\n", name, bench::describe(s),
             s.median >= 0.99 ? "OK (>= 0.99)" : "BELOW TARGET 0.99");
}

}  // namespace

int main(int argc, char** argv) {
  const int pairs = argc > 1 ? std::atoi(argv[1]) : 10;
  const int cpu = argc > 2 ? std::atoi(argv[2]) : static_cast<int>(sysconf(_SC_NPROCESSORS_ONLN)) - 1;
  const auto here = bench::fs::canonical("/proc/self/exe").parent_path();
  const std::string pin = fmt::format("taskset -c {}", cpu);
  std::vector<double> spawn, exec;
  for (int p = 0; p < pairs; ++p) {
    bench::wait_until_quiet();
    double raw_lps = 0, raw_us = 0, lps = 0, us = 0;
    for (int side : {p % 2, 1 - p % 2}) {
      if (side == 0) {
        raw_lps = raw(fmt::format("{} {} 2", pin, (here / "raw_fork_loop").string()));
        raw_us = raw(fmt::format("{} {} 4000", pin, (here / "raw_exec_loop").string()));
      } else {
        lps = *bench::schedlab_run(fmt::format("spawn --child-exit _exit --cpus {} --duration 2s", cpu)).get("lps");
        us = *bench::schedlab_run(fmt::format("exec --cpus {} --iterations 4000", cpu)).get("exec_us");
      }
    }
    spawn.push_back(lps / raw_lps);
    exec.push_back(raw_us / us);  // exec_us is a time: invert, so that > 1 still means faster
    fmt::print("pair {}: spawn raw {:.1f} schedlab {:.1f} lps; exec raw {:.1f} schedlab {:.1f} us\n", p + 1,
               raw_lps, lps, raw_us, us);
  }
  report("spawn", spawn);
  report("exec", exec);
  return 0;
}
