#pragma once
// Folded stacks as the result file keeps them: the text (folded_text)
// deflated with zlib and written as base64, so a run's profile is one JSON
// string; and a size budget honoured by merging the rarest stacks into
// their parents (merge_rarest) until the encoded string fits.
#include <cstdint>
#include <string>
#include <string_view>

#include "profile/folded_stacks.h"

namespace schedlab::profile {

// docs/probes.md: at most this many bytes of encoded stacks per run.
inline constexpr std::size_t kStacksBudgetBytes = std::size_t{200} * 1024;

struct EncodedStacks {
  std::string text;                 // base64 of the zlib stream
  std::uint64_t merged_samples = 0; // samples whose stacks were cut to fit the budget
  std::size_t stacks = 0;           // distinct stacks kept
};

std::string encode_stacks(const FoldedStacks& folded);
// Throws std::runtime_error for text that is not base64 of a zlib stream
// of folded stacks.
FoldedStacks decode_stacks(std::string_view encoded);

// Encodes `folded`, merging its rarest stacks until the result is at most
// `budget_bytes` long (or no stack can be merged further).
EncodedStacks encode_within(FoldedStacks folded, std::size_t budget_bytes = kStacksBudgetBytes);

}  // namespace schedlab::profile
