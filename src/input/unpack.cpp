#include "input/unpack.h"

#include <fmt/format.h>
#include <lzma.h>
#include <zstd.h>

#include <algorithm>
#include <memory>

#include "input/input_error.h"

namespace schedlab::input {
namespace {

// What the format's first bytes are (its magic number), as its specification gives it.
bool begins_with(std::string_view bytes, std::string_view magic) { return bytes.substr(0, magic.size()) == magic; }
constexpr std::string_view kXzMagic{"\xFD" "7zXZ\0", 6};
constexpr std::string_view kZstdMagic{"\x28\xB5\x2F\xFD", 4};
constexpr std::string_view kGzipMagic{"\x1F\x8B", 2};

std::size_t bound_of(std::string_view bytes, const InflateLimits& limits) {
  return std::min(limits.max_bytes, std::max<std::size_t>(bytes.size(), 1) * limits.max_ratio);
}

[[noreturn]] void too_big(std::string_view bytes, std::size_t bound, const std::string& what, const InflateLimits& limits) {
  throw InputError(what, fmt::format("expands past {} bytes ({} bytes compressed; at most {} or {} per byte)", bound,
                                     bytes.size(), limits.max_bytes, limits.max_ratio));
}

// liblzma's decoder, with a memory limit far above what any kernel's xz
// (a 1 MiB dictionary) needs and far below what hurts.
std::string unxz(std::string_view bytes, const std::string& what, const InflateLimits& limits) {
  constexpr std::uint64_t kMemoryLimit = std::uint64_t{256} << 20;
  const std::size_t bound = bound_of(bytes, limits);
  lzma_stream z = LZMA_STREAM_INIT;
  if (lzma_stream_decoder(&z, kMemoryLimit, 0) != LZMA_OK) throw InputError(what, "liblzma could not start");
  const std::unique_ptr<lzma_stream, void (*)(lzma_stream*)> end(&z, lzma_end);
  z.next_in = reinterpret_cast<const std::uint8_t*>(bytes.data());
  z.avail_in = bytes.size();
  std::string out;
  lzma_ret status = LZMA_OK;
  char chunk[65536];
  while (status == LZMA_OK && out.size() <= bound) {
    z.next_out = reinterpret_cast<std::uint8_t*>(chunk);
    z.avail_out = sizeof chunk;
    status = lzma_code(&z, LZMA_FINISH);
    out.append(chunk, sizeof chunk - z.avail_out);
  }
  if (out.size() > bound) too_big(bytes, bound, what, limits);
  if (status == LZMA_MEMLIMIT_ERROR) throw InputError(what, "an xz stream that needs more than 256 MiB to unpack");
  if (status != LZMA_STREAM_END) throw InputError(what, "not a complete xz stream");
  return out;
}

std::string unzstd(std::string_view bytes, const std::string& what, const InflateLimits& limits) {
  // A window of 2^27 bytes (zstd's default ceiling for a decoder) bounds its memory.
  constexpr int kWindowLogMax = 27;
  const std::size_t bound = bound_of(bytes, limits);
  const std::unique_ptr<ZSTD_DCtx, std::size_t (*)(ZSTD_DCtx*)> z(ZSTD_createDCtx(), ZSTD_freeDCtx);
  if (!z || ZSTD_isError(ZSTD_DCtx_setParameter(z.get(), ZSTD_d_windowLogMax, kWindowLogMax)))
    throw InputError(what, "libzstd could not start");
  ZSTD_inBuffer in{bytes.data(), bytes.size(), 0};
  std::string out;
  std::size_t left = 1;  // what the frame still holds; 0 at its end
  char chunk[65536];
  while (out.size() <= bound && (in.pos < in.size || left != 0)) {
    ZSTD_outBuffer o{chunk, sizeof chunk, 0};
    left = ZSTD_decompressStream(z.get(), &o, &in);
    if (ZSTD_isError(left)) throw InputError(what, fmt::format("not a valid zstd stream ({})", ZSTD_getErrorName(left)));
    out.append(chunk, o.pos);
    if (o.pos == 0 && in.pos == in.size && left != 0) break;  // input used up inside a frame
  }
  if (out.size() > bound) too_big(bytes, bound, what, limits);
  if (left != 0) throw InputError(what, "not a complete zstd stream");
  return out;
}

}  // namespace

Packing packing_of_name(std::string_view name) {
  auto ends = [&](std::string_view suffix) {
    return name.size() > suffix.size() && name.substr(name.size() - suffix.size()) == suffix;
  };
  if (ends(".xz")) return Packing::kXz;
  if (ends(".zst")) return Packing::kZstd;
  if (ends(".gz")) return Packing::kGzip;
  return Packing::kNone;
}

std::string unpacked_name(std::string_view name) {
  if (packing_of_name(name) == Packing::kNone) return std::string(name);
  return std::string(name.substr(0, name.rfind('.')));
}

const char* to_string(Packing packing) {
  switch (packing) {
    case Packing::kGzip: return "gzip";
    case Packing::kXz: return "xz";
    case Packing::kZstd: return "zstd";
    case Packing::kNone: break;
  }
  return "none";
}

std::string unpack(std::string_view bytes, Packing packing, const std::string& what, const InflateLimits& limits) {
  const std::string_view magic = packing == Packing::kXz     ? kXzMagic
                                 : packing == Packing::kZstd ? kZstdMagic
                                 : packing == Packing::kGzip ? kGzipMagic
                                                             : std::string_view();
  if (!begins_with(bytes, magic))
    throw InputError(what, fmt::format("its name says {}, but its bytes are not {}", to_string(packing), to_string(packing)));
  switch (packing) {
    case Packing::kXz: return unxz(bytes, what, limits);
    case Packing::kZstd: return unzstd(bytes, what, limits);
    case Packing::kGzip: {
      InflateLimits gzip = limits;
      gzip.gzip = true;
      return inflate_zlib(bytes, what, gzip);
    }
    case Packing::kNone: break;
  }
  return std::string(bytes);
}

}  // namespace schedlab::input
