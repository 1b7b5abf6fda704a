#pragma once
// SHA-256 of a text as 64 lowercase hex digits, by OpenSSL's libcrypto: the
// store keys every set by the hash of its JSON, a spec is named by the hash
// of its canonical form, the guest cache by the hash of an image.
#include <string>
#include <string_view>

namespace schedlab {

std::string sha256_hex(std::string_view text);

}  // namespace schedlab
