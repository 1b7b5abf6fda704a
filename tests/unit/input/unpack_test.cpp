// Unit tests for src/input/unpack.cpp: kernel modules packed as the
// distributions pack them are unpacked, within the same bounds as every
// other stream from outside (issue 33).
#include "input/unpack.h"

#include <gtest/gtest.h>

#include <string>

#include "input/input_error.h"
#include "support/packed_bytes.h"

namespace schedlab::input {
namespace {

constexpr Packing kPacked[] = {Packing::kXz, Packing::kZstd, Packing::kGzip};

std::string unpack_refusal(Packing packing, const std::string& bytes, const InflateLimits& limits = {}) {
  try {
    unpack(bytes, packing, "m.ko", limits);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

bool says(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// Text that compresses as a module does (a few times, not a thousand).
std::string module_like(std::size_t bytes) {
  std::string out;
  for (std::size_t i = 0; out.size() < bytes; ++i) out += std::to_string(i * 2654435761u % 1000003) + ",";
  return out;
}

}  // namespace

TEST(InputUnpack, TheSuffixNamesThePackingAndTheUnpackedName) {
  EXPECT_EQ(packing_of_name("a/virtio.ko.xz"), Packing::kXz);
  EXPECT_EQ(packing_of_name("virtio.ko.zst"), Packing::kZstd);
  EXPECT_EQ(packing_of_name("virtio.ko.gz"), Packing::kGzip);
  EXPECT_EQ(packing_of_name("virtio.ko"), Packing::kNone);
  EXPECT_EQ(packing_of_name(".xz"), Packing::kNone);  // a suffix alone names nothing
  EXPECT_EQ(unpacked_name("virtio.ko.zst"), "virtio.ko");
  EXPECT_EQ(unpacked_name("virtio.ko"), "virtio.ko");
}

TEST(InputUnpack, EachPackingRoundTrips) {
  const std::string text = module_like(300000);
  for (const Packing p : kPacked) {
    EXPECT_EQ(unpack(testing::packed(text, p), p, "m.ko"), text) << to_string(p);
    EXPECT_EQ(unpack(testing::packed("", p), p, "m.ko"), "") << to_string(p);
  }
  EXPECT_EQ(unpack(text, Packing::kNone, "m.ko"), text);
}

TEST(InputUnpack, ABombIsStoppedAtTheLimitAbsolutelyAndPerByte) {
  const std::string zeros(8u << 20, '\0');  // packs to a few KiB: past 1000 bytes per byte
  for (const Packing p : kPacked) {
    EXPECT_TRUE(says(unpack_refusal(p, testing::packed(zeros, p)), "m.ko: expands past")) << to_string(p);
    const std::string text = module_like(100000);
    EXPECT_TRUE(says(unpack_refusal(p, testing::packed(text, p), {.max_bytes = 50000}), "expands past 50000"))
        << to_string(p);
  }
}

TEST(InputUnpack, CutShortOrNotThatFormatIsRefusedByName) {
  const std::string text = module_like(100000);
  for (const Packing p : kPacked) {
    const std::string whole = testing::packed(text, p);
    EXPECT_TRUE(says(unpack_refusal(p, whole.substr(0, whole.size() / 2)), "not a complete")) << to_string(p);
    EXPECT_TRUE(says(unpack_refusal(p, text), std::string("its name says ") + to_string(p))) << to_string(p);
  }
  // A name that says xz over zstd bytes is not guessed.
  EXPECT_TRUE(says(unpack_refusal(Packing::kXz, testing::zstd_packed(text)), "its bytes are not xz"));
}

}  // namespace schedlab::input
