#pragma once
// Decompression of bytes from outside (a profile's stacks in a result file
// or a collected block): the output is bounded absolutely and per input
// byte, so a small stream cannot expand to gigabytes.
#include <cstddef>
#include <string>
#include <string_view>

#include "input/limits.h"

namespace schedlab::input {

struct InflateLimits {
  std::size_t max_bytes = kInflateMaxBytes;
  std::size_t max_ratio = kInflateMaxRatio;  // output bytes per input byte
  bool gzip = false;                          // a gzip stream (/proc/config.gz), not zlib
};

// The bytes of the zlib (or gzip) stream `bytes`.  Throws InputError "WHAT: ..." for a
// stream that is not zlib, is cut short, or would expand past the limits
// (stopped at the limit, never inflated further).
std::string inflate_zlib(std::string_view bytes, const std::string& what, const InflateLimits& limits = {});

}  // namespace schedlab::input
