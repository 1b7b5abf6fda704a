#pragma once
// Bytes packed as distributions pack kernel modules, for the tests of
// src/input/unpack.cpp and of the modules trees that carry them.
#include <lzma.h>
#include <zlib.h>
#include <zstd.h>

#include <stdexcept>
#include <string>

#include "input/unpack.h"

namespace schedlab::testing {

inline std::string xz_packed(const std::string& text) {
  std::string out(lzma_stream_buffer_bound(text.size()), '\0');
  std::size_t size = 0;
  if (lzma_easy_buffer_encode(6, LZMA_CHECK_CRC32, nullptr, reinterpret_cast<const std::uint8_t*>(text.data()),
                              text.size(), reinterpret_cast<std::uint8_t*>(out.data()), &size, out.size()) != LZMA_OK)
    throw std::runtime_error("xz_packed: liblzma refused");
  out.resize(size);
  return out;
}

inline std::string zstd_packed(const std::string& text) {
  std::string out(ZSTD_compressBound(text.size()), '\0');
  const std::size_t size = ZSTD_compress(out.data(), out.size(), text.data(), text.size(), 19);
  if (ZSTD_isError(size)) throw std::runtime_error("zstd_packed: libzstd refused");
  out.resize(size);
  return out;
}

inline std::string gzip_packed(const std::string& text) {
  z_stream z{};
  if (deflateInit2(&z, Z_BEST_COMPRESSION, Z_DEFLATED, MAX_WBITS + 16, 9, Z_DEFAULT_STRATEGY) != Z_OK)
    throw std::runtime_error("gzip_packed: zlib refused");
  std::string out(deflateBound(&z, static_cast<uLong>(text.size())), '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
  z.avail_in = static_cast<uInt>(text.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  deflate(&z, Z_FINISH);
  out.resize(z.total_out);
  deflateEnd(&z);
  return out;
}

inline std::string packed(const std::string& text, input::Packing packing) {
  switch (packing) {
    case input::Packing::kXz: return xz_packed(text);
    case input::Packing::kZstd: return zstd_packed(text);
    case input::Packing::kGzip: return gzip_packed(text);
    case input::Packing::kNone: break;
  }
  return text;
}

}  // namespace schedlab::testing
