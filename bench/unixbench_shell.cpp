// Fidelity: UnixBench's shell8 at -c COPIES against `schedlab run shell
// --concurrent 8 --copies COPIES`, interleaved round by round on the same
// machine, printing both rates and their ratio (1.0 = the same figure).
// UnixBench is not shipped with schedlab: point UB_DIR at a built
// byte-unixbench UnixBench/ directory (pgms/looper, pgms/multi.sh,
// testdir/sort.src).  UnixBench's rate here follows its Run: the copies'
// summed counts x 60 / their mean elapsed time.
//
// Usage: UB_DIR=/path/to/UnixBench bench/unixbench_shell [ROUNDS] [COPIES] [SECONDS]
#include <fmt/format.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "report/result_file.h"
#include "stats/descriptive.h"

namespace {

namespace fs = std::filesystem;

// One UnixBench looper per copy, started together; returns lpm as Run computes it.
double unixbench_lpm(const std::string& ub, int copies, int seconds) {
  double counts = 0, elapsed = 0;
  std::vector<FILE*> pipes;
  const auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < copies; ++i)
    pipes.push_back(popen(fmt::format("cd {0}/testdir && UB_BINDIR={0}/pgms {0}/pgms/looper {1} "
                                      "{0}/pgms/multi.sh 8 2>&1 >/dev/null",
                                      ub, seconds).c_str(), "r"));
  for (FILE* p : pipes) {
    unsigned long n = 0;
    if (fscanf(p, "COUNT|%lu|", &n) != 1) throw std::runtime_error("unexpected looper output");
    pclose(p);  // like Run, the copy's time ends when its output closes
    counts += static_cast<double>(n);
    elapsed += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }
  return counts * 60 / (elapsed / copies);
}

double schedlab_lpm(const fs::path& schedlab, int copies, int seconds) {
  const std::string json = fmt::format("/tmp/schedlab-ub-{}.json", getpid());
  const std::string command = fmt::format(
      "{} run shell --concurrent 8 --copies {} --duration {}s --runs 1 --quiet --json {}",
      schedlab.string(), copies, seconds, json);
  if (std::system(command.c_str()) != 0) throw std::runtime_error("failed: " + command);
  const auto file = schedlab::read_result_file(json);
  fs::remove(json);
  return *file.sets.at(0).runs.at(0).values.get("lpm");
}

}  // namespace

int main(int argc, char** argv) {
  const char* ub = std::getenv("UB_DIR");
  if (!ub || !fs::exists(fs::path(ub) / "pgms/looper")) {
    fmt::print(stderr, "set UB_DIR to a built byte-unixbench UnixBench/ directory (with pgms/looper)\n");
    return 2;
  }
  const int rounds = argc > 1 ? std::atoi(argv[1]) : 3;
  const int copies = argc > 2 ? std::atoi(argv[2]) : 2;
  const int seconds = argc > 3 ? std::atoi(argv[3]) : 10;
  const fs::path schedlab = fs::canonical("/proc/self/exe").parent_path().parent_path() / "schedlab";
  std::vector<double> theirs, ours;
  for (int r = 0; r < rounds; ++r) {
    if (r % 2 == 0) theirs.push_back(unixbench_lpm(ub, copies, seconds));
    ours.push_back(schedlab_lpm(schedlab, copies, seconds));
    if (r % 2 == 1) theirs.push_back(unixbench_lpm(ub, copies, seconds));
    fmt::print("round {}: UnixBench shell8 {:.1f} lpm, schedlab {:.1f} lpm\n", r + 1, theirs.back(),
               ours.back());
  }
  const double a = schedlab::stats::median(theirs), b = schedlab::stats::median(ours);
  fmt::print("median: UnixBench {:.1f} lpm, schedlab {:.1f} lpm, ratio {:.3f}\n", a, b, b / a);
  return 0;
}
