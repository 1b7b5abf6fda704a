#include "runner/rate_sampler.h"

namespace schedlab {

RateSampler::RateSampler(std::uint64_t start_ns, std::uint64_t start_loops, std::uint64_t period_ns)
    : period_ns_(period_ns), last_ns_(start_ns), last_loops_(start_loops) {}

void RateSampler::add(std::uint64_t now_ns, std::uint64_t loops) {
  if (now_ns <= last_ns_ || loops < last_loops_) return;  // not a later read of the same counters
  const std::uint64_t span = now_ns - last_ns_;
  if (span * 2 < period_ns_) {  // too short to be a sample: the next read's span takes it in
    ++dropped_;
    return;
  }
  rates_.push_back(static_cast<double>(loops - last_loops_) * 1e9 / static_cast<double>(span));
  last_ns_ = now_ns;
  last_loops_ = loops;
}

}  // namespace schedlab
