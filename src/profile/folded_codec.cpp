#include "profile/folded_codec.h"

#include <zlib.h>

#include <boost/archive/iterators/base64_from_binary.hpp>
#include <boost/archive/iterators/binary_from_base64.hpp>
#include <boost/archive/iterators/transform_width.hpp>
#include <algorithm>
#include <stdexcept>

#include "input/inflate.h"

namespace schedlab::profile {
namespace {

namespace it = boost::archive::iterators;
using ToBase64 = it::base64_from_binary<it::transform_width<std::string::const_iterator, 6, 8>>;
using FromBase64 = it::transform_width<it::binary_from_base64<std::string_view::const_iterator>, 8, 6>;

std::string base64(const std::string& bytes) {
  std::string out(ToBase64(bytes.begin()), ToBase64(bytes.end()));
  out.append((3 - bytes.size() % 3) % 3, '=');
  return out;
}

std::string unbase64(std::string_view text) {
  while (!text.empty() && text.back() == '=') text.remove_suffix(1);
  if (text.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/") !=
      std::string_view::npos)
    throw std::runtime_error("profile stacks: not base64");
  std::string out(FromBase64(text.begin()), FromBase64(text.end()));
  out.resize(text.size() * 6 / 8);  // the decoder's last partial byte is padding
  return out;
}

std::string deflate(const std::string& text) {
  uLongf size = compressBound(static_cast<uLong>(text.size()));
  std::string out(size, '\0');
  if (compress2(reinterpret_cast<Bytef*>(out.data()), &size, reinterpret_cast<const Bytef*>(text.data()),
                static_cast<uLong>(text.size()), Z_BEST_COMPRESSION) != Z_OK)
    throw std::runtime_error("profile stacks: zlib could not compress");
  out.resize(size);
  return out;
}

}  // namespace

std::string encode_stacks(const FoldedStacks& folded) { return base64(deflate(folded_text(folded))); }

FoldedStacks decode_stacks(std::string_view encoded) { return parse_folded(input::inflate_zlib(unbase64(encoded), "profile stacks")); }

// A sample stays intact while the stack it was recorded with is never
// merged; merged_samples counts the others, each once.
EncodedStacks encode_within(FoldedStacks folded, std::size_t budget_bytes) {
  EncodedStacks out;
  out.text = encode_stacks(folded);
  auto intact = folded.stacks;
  while (out.text.size() > budget_bytes) {
    // Cut at least a quarter of the stacks per round, more when far over.
    const double over = 1 - static_cast<double>(budget_bytes) / static_cast<double>(out.text.size());
    const auto count = std::max<std::size_t>(
        {1, folded.stacks.size() / 4, static_cast<std::size_t>(over * static_cast<double>(folded.stacks.size()))});
    const auto replaced = merge_rarest(folded, count);
    if (replaced.empty()) break;  // every stack is a single frame: nothing left to merge
    for (const auto& stack : replaced) intact.erase(stack);
    out.text = encode_stacks(folded);
  }
  std::uint64_t kept = 0;
  for (const auto& [stack, n] : intact) kept += n;
  out.merged_samples = folded.total() - kept;
  out.stacks = folded.stacks.size();
  return out;
}

}  // namespace schedlab::profile
