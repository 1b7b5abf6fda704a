#include "runner/work_sentinel.h"

#include <time.h>

#include <cstdint>
#include <memory>
#include <mutex>
#include <random>

namespace schedlab::work_sentinel {
namespace {

double clock_s(clockid_t clock) {
  timespec ts{};
  clock_gettime(clock, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) / 1e9;
}

// Times `work` by the thread's CPU clock and the monotonic clock.
template <typename Work>
WorkTiming timed(Work&& work) {
  const double wall = clock_s(CLOCK_MONOTONIC), cpu = clock_s(CLOCK_THREAD_CPUTIME_ID);
  work();
  return {clock_s(CLOCK_THREAD_CPUTIME_ID) - cpu, clock_s(CLOCK_MONOTONIC) - wall};
}

// One node per cache line, so that every step of the chase is a new line.
struct alignas(64) Node {
  std::uint32_t next = 0;
};
constexpr std::size_t kNodes = kBufferBytes / sizeof(Node);

// A single cycle through every node in random order (Sattolo's algorithm:
// a uniformly random cyclic permutation, so the chase never settles into
// a short loop the caches could hold).  Fixed seed: the same walk in every
// process.
std::unique_ptr<Node[]> build_cycle() {
  auto nodes = std::make_unique<Node[]>(kNodes);
  std::vector<std::uint32_t> order(kNodes);
  for (std::size_t i = 0; i < kNodes; ++i) order[i] = static_cast<std::uint32_t>(i);
  std::mt19937_64 rng(0x5eed5eedULL);
  for (std::size_t i = kNodes - 1; i > 0; --i)
    std::swap(order[i], order[std::uniform_int_distribution<std::size_t>(0, i - 1)(rng)]);
  for (std::size_t i = 0; i < kNodes; ++i) nodes[order[i]].next = order[(i + 1) % kNodes];
  return nodes;
}

const Node* chase_buffer() {
  static std::once_flag once;
  static std::unique_ptr<Node[]> nodes;
  std::call_once(once, [] { nodes = build_cycle(); });
  return nodes.get();
}

// The interpreter's instruction set: a register machine small enough to
// read, dispatched by a switch the compiler turns into an indirect jump.
enum class Op : std::uint8_t { kIsOne, kIsOdd, kHalve, kTriple, kCount, kNextSeed, kJump };
struct Instr {
  Op op;
  std::uint8_t target;  // where a true test (or a jump) goes
};

// Collatz steps from successive seeds: whether a value is odd is what the
// branch predictor must guess, as a shell's parser guesses its input.
constexpr Instr kProgram[] = {
    {Op::kIsOne, 5},  // 0: done with this seed?
    {Op::kIsOdd, 3},  // 1
    {Op::kHalve, 4},  // 2: even: n / 2, then count
    {Op::kTriple, 4}, // 3: odd: 3n + 1, then count
    {Op::kCount, 0},  // 4
    {Op::kNextSeed, 0},  // 5
};

std::uint64_t run_program(std::size_t steps) {
  std::uint64_t n = 27, seed = 27, count = 0;
  std::size_t pc = 0;
  for (std::size_t s = 0; s < steps; ++s) {
    const Instr& in = kProgram[pc];
    switch (in.op) {
      case Op::kIsOne: pc = n == 1 ? in.target : pc + 1; break;
      case Op::kIsOdd: pc = n & 1 ? in.target : pc + 1; break;
      case Op::kHalve: n >>= 1; pc = in.target; break;
      case Op::kTriple: n = 3 * n + 1; pc = in.target; break;
      case Op::kCount: ++count; pc = in.target; break;
      case Op::kNextSeed: n = ++seed; pc = 0; break;
      case Op::kJump: pc = in.target; break;
    }
  }
  return count + n;
}

}  // namespace

WorkTiming memory_chase(std::size_t steps) {
  const Node* nodes = chase_buffer();
  std::uint32_t at = 0;
  const WorkTiming t = timed([&] {
    for (std::size_t s = 0; s < steps; ++s) at = nodes[at].next;
  });
  asm volatile("" : : "r"(at));  // keep the loads
  return t;
}

WorkTiming interpret(std::size_t steps) {
  std::uint64_t result = 0;
  const WorkTiming t = timed([&] { result = run_program(steps); });
  asm volatile("" : : "r"(result));
  return t;
}

}  // namespace schedlab::work_sentinel

namespace schedlab {

double work_sentinel_rate() {
  constexpr std::size_t kChaseSteps = 100'000, kInterpreterSteps = 5'000'000;
  const double cpu = work_sentinel::memory_chase(kChaseSteps).cpu_s + work_sentinel::interpret(kInterpreterSteps).cpu_s;
  return cpu > 0 ? 1 / cpu : 0;
}

}  // namespace schedlab
