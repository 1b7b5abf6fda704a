#pragma once
// SHA-256 (FIPS 180-4) of a text, as 64 lowercase hex digits.  The store
// keys every set by the hash of its JSON, so importing a file twice, or a
// file whose sets a run already recorded, adds nothing.
#include <string>
#include <string_view>

namespace schedlab::store {

std::string sha256_hex(std::string_view text);

}  // namespace schedlab::store
