// Unpacking a kernel module as a modules tree ships it (.ko.xz, .ko.zst,
// .ko.gz: src/input/unpack.cpp), which `kernels`, `check --kernel` and
// `bisect` do to every module a guest loads.  The first byte picks the
// packing, the rest is the file.  The documented refusal is InputError
// (cut short, not that format, past the bounds); anything else escaping,
// an output past the bound or a sanitizer report is a finding.
#include <cstdlib>

#include "fuzz_support.h"
#include "input/input_error.h"
#include "input/unpack.h"

using namespace schedlab;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  constexpr input::Packing kPackings[] = {input::Packing::kXz, input::Packing::kZstd, input::Packing::kGzip};
  const auto packing = kPackings[data[0] % 3];
  const std::string_view bytes = fuzz::as_text(data + 1, size - 1);
  const input::InflateLimits limits{.max_bytes = 1 << 20};
  try {
    const std::string out = input::unpack(bytes, packing, "m.ko", limits);
    if (out.size() > limits.max_bytes) std::abort();
  } catch (const input::InputError&) {
  }
  return 0;
}
