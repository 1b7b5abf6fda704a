#pragma once
#include <cstdint>
#include <vector>

namespace schedlab {

// The per-second rates of a window (details.loops_per_second, wakeup's
// rps_p20/50/90): each sample is the loops between two reads of the
// copies' counters over the time between them.
//
// The next read is due one period after the last one actually taken, not on
// a fixed grid from the window's start: when the harness wakes late (it can
// wait seconds for a CPU beside hundreds of runnable threads), a grid would
// fire the deadlines it missed at once, and those reads, microseconds apart,
// made rates of 0 or ~1e6 that entered the percentiles.  A late read makes
// one longer sample instead, still a true rate.
//
// A read less than half a period after the last sample is not made a sample
// (none is expected: reads are never due sooner than a period after the
// last); the next read's sample spans its time instead.  Its rate would rest on
// half the loops and carry twice the relative error of the others — a loop in
// flight at either edge, and the reader's own wake-up delay, weigh in over a
// span half as long — and the tail percentiles (p20, p90) pick exactly such
// outliers.
class RateSampler {
 public:
  RateSampler(std::uint64_t start_ns, std::uint64_t start_loops, std::uint64_t period_ns = 1'000'000'000);

  // CLOCK_MONOTONIC time at which the next read is due.
  std::uint64_t next_due() const { return last_ns_ + period_ns_; }
  // A read of the counters' sum `loops` taken at `now_ns`.
  void add(std::uint64_t now_ns, std::uint64_t loops);

  const std::vector<double>& rates() const { return rates_; }  // loops per second
  std::size_t dropped() const { return dropped_; }  // reads too soon to be a sample

 private:
  std::uint64_t period_ns_;
  std::uint64_t last_ns_, last_loops_;
  std::vector<double> rates_;
  std::size_t dropped_ = 0;
};

}  // namespace schedlab
