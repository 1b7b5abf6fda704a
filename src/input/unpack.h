#pragma once
// Files that come compressed the way distributions ship them: kernel
// modules as .ko.xz (Debian), .ko.zst (Fedora, Ubuntu) or .ko.gz.  The
// output is bounded like inflate_zlib's, absolutely and per input byte, and
// the format is the one the bytes begin with: a name that says .xz over
// bytes that are zstd is refused, not guessed.
#include <string>
#include <string_view>

#include "input/inflate.h"

namespace schedlab::input {

enum class Packing { kNone, kGzip, kXz, kZstd };

// The packing a file name's last suffix names (".xz", ".zst", ".gz"), or kNone.
Packing packing_of_name(std::string_view name);

// The name without that suffix: "virtio_pci.ko.xz" -> "virtio_pci.ko".
std::string unpacked_name(std::string_view name);

// "xz", "zstd", "gzip", "none".
const char* to_string(Packing packing);

// The bytes of `bytes` packed as `packing` (kNone: as they are).  Throws
// InputError "WHAT: ..." when the bytes are not that format, are cut short
// or would expand past `limits` (never decompressed further than that).
std::string unpack(std::string_view bytes, Packing packing, const std::string& what, const InflateLimits& limits = {});

}  // namespace schedlab::input
