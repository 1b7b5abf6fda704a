// Which reference moves with the workload when this machine changes speed
// state?  Each sample times, in a random order, back to back:
//   shell   the loop, `sh -c 'i=0; while [ $i -lt N ]; do
//           i=$((i+1)); done'` (wall time, and the child's user + system);
//   alu     the first sentinel (runner/sentinel.h: xorshift, CPU time);
//   chase   the work sentinel's pointer chase through 64 MB (CPU time);
//   interp  the work sentinel's bytecode interpreter (CPU time);
//   work    the two together, as work_sentinel_rate times them;
//   stride  a sequential 64-byte-stride walk over the same 64 MB (CPU
//           time), the walk the issue measured, for comparison.
// Samples are spread over time (GAP seconds apart) so that they cross the
// speed states, which last minutes.  The table gives, per reference, the
// correlation of log times with the shell loop's (Pearson, with its p) and
// how much dividing the shell loop's time by the reference's shrinks its
// spread (CV raw vs normalised): a reference is worth normalising by only
// where both say so.
//
// Usage: bench/sentinel_shape [SAMPLES] [GAP_SECONDS] [SHELL_ITERATIONS]
#include <fmt/format.h>
#include <sched.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <ctime>
#include <map>
#include <random>
#include <thread>

#include "core/descriptive.h"
#include "runner/sentinel.h"
#include "runner/work_sentinel.h"
#include "stats/correlation.h"

namespace {

using Sample = std::map<std::string, double>;

double now_s() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// The shell loop: wall seconds, and the child's CPU seconds.
std::pair<double, double> shell_loop(long iterations) {
  const std::string script =
      fmt::format("i=0; while [ $i -lt {} ]; do i=$((i+1)); done", iterations);
  const double start = now_s();
  const pid_t pid = fork();
  if (pid == 0) {
    execl("/bin/sh", "sh", "-c", script.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  int status = 0;
  rusage ru{};
  wait4(pid, &status, 0, &ru);
  const double wall = now_s() - start;
  const auto secs = [](timeval t) { return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) / 1e6; };
  return {wall, secs(ru.ru_utime) + secs(ru.ru_stime)};
}

double stride_walk_s() {
  static std::vector<unsigned char> buffer(schedlab::work_sentinel::kBufferBytes, 1);
  timespec a{}, b{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &a);
  unsigned sum = 0;
  for (std::size_t i = 0; i < buffer.size(); i += 64) sum += buffer[i];
  asm volatile("" : : "r"(sum));
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &b);
  return static_cast<double>(b.tv_sec - a.tv_sec) + static_cast<double>(b.tv_nsec - a.tv_nsec) / 1e9;
}

std::vector<int> my_cpus() {
  cpu_set_t set;
  CPU_ZERO(&set);
  sched_getaffinity(0, sizeof set, &set);
  std::vector<int> cpus;
  for (int c = 0; c < CPU_SETSIZE; ++c)
    if (CPU_ISSET(c, &set)) cpus.push_back(c);
  return cpus;
}

Sample take_sample(long shell_iterations, std::mt19937_64& rng) {
  using namespace schedlab;
  std::vector<std::string> order = {"shell", "alu", "chase", "interp", "work", "stride"};
  std::shuffle(order.begin(), order.end(), rng);
  Sample s;
  const auto cpus = my_cpus();
  for (const auto& what : order) {
    if (what == "shell") std::tie(s["shell_wall"], s["shell_cpu"]) = shell_loop(shell_iterations);
    if (what == "alu") s["alu"] = 1e8 / sentinel_rate(cpus, std::chrono::milliseconds(20));
    if (what == "chase") s["chase"] = work_sentinel::memory_chase(200'000).cpu_s;
    if (what == "interp") s["interp"] = work_sentinel::interpret(20'000'000).cpu_s;
    if (what == "work") s["work"] = 1 / work_sentinel_rate();
    if (what == "stride") s["stride"] = stride_walk_s();
  }
  return s;
}

std::vector<double> logs_of(const std::vector<Sample>& samples, const std::string& key) {
  std::vector<double> out;
  out.reserve(samples.size());
  for (const auto& s : samples) out.push_back(std::log(s.at(key)));
  return out;
}

double cv_pct(const std::vector<double>& log_values) {
  std::vector<double> xs;
  xs.reserve(log_values.size());
  for (double l : log_values) xs.push_back(std::exp(l));
  return schedlab::stats::sample_stddev(xs) / schedlab::stats::mean(xs) * 100;
}

void print_table(const std::vector<Sample>& samples) {
  fmt::print("\n| reference | r with shell wall (p) | r with shell CPU (p) | shell wall CV raw -> normalised |\n"
             "|---|---|---|---|\n");
  const auto wall = logs_of(samples, "shell_wall"), cpu = logs_of(samples, "shell_cpu");
  for (const char* ref : {"alu", "chase", "interp", "work", "stride"}) {
    const auto r = logs_of(samples, ref);
    const auto cw = schedlab::stats::pearson(r, wall), cc = schedlab::stats::pearson(r, cpu);
    std::vector<double> normalized;
    for (std::size_t i = 0; i < r.size(); ++i) normalized.push_back(wall[i] - r[i]);
    fmt::print("| {} | {:+.2f} ({:.3g}) | {:+.2f} ({:.3g}) | {:.1f}% -> {:.1f}% |\n", ref, cw.r, cw.p_value, cc.r,
               cc.p_value, cv_pct(wall), cv_pct(normalized));
  }
  fmt::print("\n{} samples\n", samples.size());
}

}  // namespace

int main(int argc, char** argv) {
  const int n = argc > 1 ? std::atoi(argv[1]) : 40;
  const double gap = argc > 2 ? std::atof(argv[2]) : 15;
  const long iterations = argc > 3 ? std::atol(argv[3]) : 1'000'000;
  if (n < 10) {
    fmt::print(stderr, "usage: {} [SAMPLES >= 10] [GAP_SECONDS] [SHELL_ITERATIONS]\n", argv[0]);
    return 2;
  }
  std::mt19937_64 rng(20261202);
  std::vector<Sample> samples;
  for (int i = 0; i < n; ++i) {
    if (i > 0) std::this_thread::sleep_for(std::chrono::duration<double>(gap));
    samples.push_back(take_sample(iterations, rng));
    const auto& s = samples.back();
    const std::time_t t = std::time(nullptr);
    char when[32];
    std::strftime(when, sizeof when, "%H:%M:%S", std::gmtime(&t));
    fmt::print("{} sample {:2}: shell {:.3f}s wall {:.3f}s cpu | alu {:.4f} chase {:.4f} interp {:.4f} work {:.4f} "
               "stride {:.4f}\n",
               when, i + 1, s.at("shell_wall"), s.at("shell_cpu"), s.at("alu"), s.at("chase"), s.at("interp"),
               s.at("work"), s.at("stride"));
    std::fflush(stdout);
  }
  print_table(samples);
  return 0;
}
