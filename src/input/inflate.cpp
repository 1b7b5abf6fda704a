#include "input/inflate.h"

#include <fmt/format.h>
#include <zlib.h>

#include <algorithm>

#include "input/input_error.h"

namespace schedlab::input {

std::string inflate_zlib(std::string_view bytes, const std::string& what, const InflateLimits& limits) {
  const std::size_t bound = std::min(limits.max_bytes, std::max<std::size_t>(bytes.size(), 1) * limits.max_ratio);
  z_stream z{};
  if (inflateInit2(&z, limits.gzip ? MAX_WBITS + 16 : MAX_WBITS) != Z_OK) throw InputError(what, "zlib could not start");
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data()));
  z.avail_in = static_cast<uInt>(bytes.size());
  std::string out;
  int status = Z_OK;
  char chunk[65536];
  while (status == Z_OK && out.size() <= bound) {
    z.next_out = reinterpret_cast<Bytef*>(chunk);
    z.avail_out = sizeof chunk;
    status = ::inflate(&z, Z_NO_FLUSH);
    out.append(chunk, sizeof chunk - z.avail_out);
  }
  inflateEnd(&z);
  if (out.size() > bound)
    throw InputError(what, fmt::format("expands past {} bytes ({} bytes compressed; at most {} or {} per byte)",
                                       bound, bytes.size(), limits.max_bytes, limits.max_ratio));
  if (status != Z_STREAM_END) throw InputError(what, "not a complete zlib stream");
  return out;
}

}  // namespace schedlab::input
