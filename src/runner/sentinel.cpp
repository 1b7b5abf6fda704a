#include "runner/sentinel.h"

#include <pthread.h>
#include <sched.h>

#include <algorithm>
#include <cstdint>
#include <system_error>
#include <thread>

#include <time.h>

#include "core/descriptive.h"

namespace schedlab {
namespace {

using Clock = std::chrono::steady_clock;

double thread_cpu_s() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) / 1e9;
}

// Iterations per second of CPU time the loop got: the CPU's speed while it
// ran, whatever else shared the CPU (that is foreign_cpu_pct's business;
// a hypervisor's steal is cpu_steal_pct's).
double spin(std::chrono::nanoseconds duration) {
  std::uint64_t x = 0x9E3779B97F4A7C15ull, iterations = 0;
  const auto start = Clock::now(), end = start + duration;
  const double cpu_start = thread_cpu_s();
  auto now = start;
  do {
    for (int i = 0; i < 4096; ++i) {  // xorshift64: each step depends on the last
      x ^= x << 13;
      x ^= x >> 7;
      x ^= x << 17;
    }
    iterations += 4096;
    now = Clock::now();
  } while (now < end);
  asm volatile("" : : "r"(x));  // keep the arithmetic
  const double cpu = thread_cpu_s() - cpu_start;
  return cpu > 0 ? static_cast<double>(iterations) / cpu : 0;
}

void pin_to(int cpu) {
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET(cpu, &set);
  pthread_setaffinity_np(pthread_self(), sizeof set, &set);
}

// At most this many CPUs are sampled, spread over the set: the speed state
// is per package or per core, and a 256-CPU machine must not start 256
// threads (each counts against RLIMIT_NPROC) for a 5 ms probe.
constexpr size_t kMaxSampledCpus = 8;

std::vector<int> sampled(const std::vector<int>& cpus) {
  if (cpus.size() <= kMaxSampledCpus) return cpus;
  std::vector<int> out;
  for (size_t i = 0; i < kMaxSampledCpus; ++i) out.push_back(cpus[i * cpus.size() / kMaxSampledCpus]);
  return out;
}

}  // namespace

// A thread that cannot be created (RLIMIT_NPROC, memory) is a CPU not
// sampled, never a crash: with none at all the calling thread spins where
// it may run, and with no measurement the rate is 0 (recorded as absent).
double sentinel_rate(const std::vector<int>& cpus, std::chrono::nanoseconds duration) {
  const std::vector<int> targets = sampled(cpus);
  std::vector<double> rates(targets.size(), 0);
  std::vector<std::thread> threads;
  for (size_t i = 0; i < targets.size(); ++i) {
    try {
      threads.emplace_back([&, i] {
        pin_to(targets[i]);
        rates[i] = spin(duration);
      });
    } catch (const std::system_error&) {
      break;
    }
  }
  for (auto& t : threads) t.join();
  if (threads.empty() && !targets.empty()) return spin(duration);
  rates.resize(threads.size());
  return rates.empty() ? 0 : stats::median(rates);
}

std::chrono::nanoseconds sentinel_duration(std::chrono::nanoseconds window) {
  using namespace std::chrono_literals;
  return std::clamp<std::chrono::nanoseconds>(window / 200, 1ms, 5ms);
}

}  // namespace schedlab
