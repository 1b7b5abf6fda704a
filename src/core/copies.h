#pragma once
#include <string>
#include <string_view>

namespace schedlab {

// How many copies the user asked for: a number, "auto" (one per CPU of the
// affinity set) or "Kx" (K per CPU).
struct CopiesSpec {
  enum class Kind { kCount, kAuto, kPerCpu };
  Kind kind = Kind::kCount;
  int value = 1;

  // The number of copies for a set of `cpus` CPUs (>= 1).
  int resolve(int cpus) const;
  // As written by the user, for the result file ("4", "auto", "2x").
  std::string text() const;
};

// Accepts 1..kMaxCopies, "auto" or "Kx" with K in 1..1024; throws UsageError.
CopiesSpec parse_copies(std::string_view option, std::string_view text);

inline constexpr int kMaxCopies = 1 << 20;

}  // namespace schedlab
