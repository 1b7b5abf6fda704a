#pragma once
// The bounds of the options whose text a flow also reads from elsewhere —
// a bisect's saved state, a baseline's guest block, a suite's scenario —
// shared by the option's declaration (cli/command_options.h), which
// enforces them while the command line is parsed and states them in the
// help, and the flow, which converts the text with the same range and the
// same words.  Written once here, as spec/seed_option.h does for --seed.
#include <cstdint>
#include <string>

namespace schedlab {

struct WholeBounds {
  std::uint64_t min = 0, max = 0;  // both allowed
};
struct RealBounds {
  double above = 0, below = 0;  // neither allowed
};

inline constexpr WholeBounds kBootsBounds{1, 1000};     // kernels and lava job --boots
inline constexpr WholeBounds kMaxBootsBounds{2, 1000};  // check and bisect --max-boots: a pair needs two
inline constexpr WholeBounds kVcpusBounds{1, 255};      // --vcpus: QEMU's most for a PC without an IOMMU
inline constexpr WholeBounds kJobsBounds{1, 4096};      // bisect --jobs: make -j
inline constexpr RealBounds kThresholdBounds{0, 1000};  // check and bisect --threshold, a percent loss
inline constexpr WholeBounds kGuestMemoryMibBounds{256, 1u << 20};  // --memory, a size: in MiB

// "1 to 1000"; "above 0 and below 1000".
std::string range_words(const WholeBounds& b);
std::string range_words(const RealBounds& b);

// `text` as a whole number within `b`; throws UsageError naming `option`:
// "--boots '0': expected a whole number from 1 to 1000".
std::uint64_t whole_in(const std::string& option, const std::string& text, const WholeBounds& b);
// `text` as a number within `b`; throws UsageError naming `option`, what
// it is ("a percentage") and a good value (`example`).
double real_in(const std::string& option, const std::string& text, const RealBounds& b, const std::string& what,
               const std::string& example);

// --memory's range as sizes: "256M to 1024G".
std::string guest_memory_words();
// `text` as a guest's memory in MiB: 512M, 2G, or MiB as a number (2048),
// within kGuestMemoryMibBounds; throws UsageError naming `option`.
std::uint64_t guest_memory_mib(const std::string& option, const std::string& text);

}  // namespace schedlab
