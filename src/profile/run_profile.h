#pragma once
// One run's profile as the result file holds it, in the run's
// `details.profile` (docs/result-file.md): how it was sampled, what was
// kept and lost, and the folded stacks, deflated and base64-encoded.  A
// reader that does not know the field carries it along untouched.
#include <cstdint>
#include <optional>
#include <string>

#include "core/result.h"
#include "profile/folded_stacks.h"

namespace schedlab::profile {

inline constexpr const char* kProfileKey = "profile";
inline constexpr const char* kStacksFormat = "folded+zlib+base64";

struct RunProfile {
  std::uint32_t frequency_hz = 0;
  std::uint64_t samples = 0;         // in the stacks
  std::uint64_t kernel_samples = 0;  // of those, with the leaf in the kernel
  std::uint64_t lost = 0;            // dropped by the kernel (full ring)
  std::uint64_t throttled = 0;       // times the kernel lowered the rate
  std::uint64_t merged_samples = 0;  // samples whose stack was cut to fit the budget
  FoldedStacks stacks;
  // What the samples were taken on: "cycles" (the PMU) or "cpu-clock"
  // (a software timer, blind to code run with interrupts off).
  std::string clock = "cpu-clock";
};

// The JSON of `p`, its stacks encoded within kStacksBudgetBytes (which
// sets merged_samples).
ordered_json profile_json(RunProfile p);

// The profile of `run`; nullopt when it has none.  Throws
// std::runtime_error when the field is there but malformed.
std::optional<RunProfile> run_profile(const RunRecord& run);

}  // namespace schedlab::profile
