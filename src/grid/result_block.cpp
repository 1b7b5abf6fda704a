#include "grid/result_block.h"

#include <fmt/format.h>
#include <zlib.h>

#include <boost/archive/iterators/base64_from_binary.hpp>
#include <boost/archive/iterators/binary_from_base64.hpp>
#include <boost/archive/iterators/transform_width.hpp>
#include <cctype>
#include <stdexcept>

#include "core/result.h"
#include "core/sha256.h"
#include "input/inflate.h"
#include "input/json_document.h"

namespace schedlab::grid {
namespace {

namespace it = boost::archive::iterators;
using ToBase64 = it::base64_from_binary<it::transform_width<std::string::const_iterator, 6, 8>>;
using FromBase64 = it::transform_width<it::binary_from_base64<std::string::const_iterator>, 8, 6>;

constexpr std::size_t kLineWidth = 76;
constexpr std::size_t kMaxBytes = input::kResultFile.max_bytes;

std::string base64(const std::string& bytes) {
  std::string text(ToBase64(bytes.begin()), ToBase64(bytes.end()));
  text.append((3 - bytes.size() % 3) % 3, '=');
  return text;
}

std::string unbase64(std::string text) {
  std::size_t pad = 0;
  while (!text.empty() && text.back() == '=') {
    text.pop_back();
    ++pad;
  }
  if (pad > 2 || (text.size() + pad) % 4 != 0) throw std::runtime_error("not base64 (its length)");
  for (char c : text)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '+' && c != '/')
      throw std::runtime_error(fmt::format("not base64 (a '{}')", c));
  std::string bytes(FromBase64(text.begin()), FromBase64(text.end()));
  bytes.resize(text.size() * 3 / 4);  // the bits of a partial last group are not a byte
  return bytes;
}

std::string deflate_text(const std::string& text) {
  uLongf size = compressBound(text.size());
  std::string out(size, '\0');
  if (compress2(reinterpret_cast<Bytef*>(out.data()), &size, reinterpret_cast<const Bytef*>(text.data()), text.size(),
                Z_BEST_COMPRESSION) != Z_OK)
    throw std::runtime_error("zlib: compress failed");
  out.resize(size);
  return out;
}

std::string inflate_text(const std::string& packed, std::size_t bytes) {
  if (bytes > kMaxBytes) throw std::runtime_error(fmt::format("{} bytes is more than a result file holds", bytes));
  std::string out = input::inflate_zlib(packed, "its data", {.max_bytes = bytes});
  if (out.size() != bytes) throw std::runtime_error("its data does not decompress to the size it announced");
  return out;
}

}  // namespace

std::string encode_result_block(const ResultBlock& block) {
  const ordered_json header = {{"file", block.file},
                               {"testrun", block.testrun},
                               {"bytes", block.json.size()},
                               {"sha256", sha256_hex(block.json)}};
  std::string out = kBlockBegin + header.dump(-1, ' ', true) + "\n";
  const std::string text = base64(deflate_text(block.json));
  for (std::size_t at = 0; at < text.size(); at += kLineWidth) out += text.substr(at, kLineWidth) + "\n";
  return out + kBlockEnd + "\n";
}

void ResultBlockReader::line(const std::string& raw) {
  std::string text = raw;
  while (!text.empty() && (text.back() == '\r' || text.back() == '\n' || text.back() == ' ')) text.pop_back();
  const std::size_t begin = text.find(kBlockBegin);
  if (begin != std::string::npos) {
    if (open_) {
      open_->problem = "a new block began before it ended";
      found_.push_back(*open_);
    }
    open_ = Found{};
    open_->printed_in = run_;
    base64_.clear();
    try {
      const auto header = input::parse_json_document(text.substr(begin + std::string(kBlockBegin).size()), "a block header", input::kJournal.max_bytes);
      open_->block.file = header.at("file").get<std::string>();
      open_->block.testrun = header.at("testrun").get<std::string>();
      bytes_ = header.at("bytes").get<std::size_t>();
      sha256_ = header.at("sha256").get<std::string>();
    } catch (const std::exception& e) {
      open_->problem = fmt::format("its first line is not a block header: {}", e.what());
    }
    return;
  }
  if (!open_) return;
  if (text.find(kBlockEnd) != std::string::npos) return close();
  base64_ += text;
}

void ResultBlockReader::close() {
  Found f = std::move(*open_);
  open_.reset();
  if (f.problem.empty()) {
    try {
      f.block.json = inflate_text(unbase64(base64_), bytes_);
      if (sha256_hex(f.block.json) != sha256_) f.problem = "its checksum does not match";
    } catch (const std::exception& e) {
      f.problem = e.what();
    }
  }
  if (!f.problem.empty()) f.block.json.clear();
  found_.push_back(std::move(f));
}

std::vector<ResultBlockReader::Found> ResultBlockReader::finish() {
  if (open_) {
    open_->problem = "the log ends inside it";
    found_.push_back(std::move(*open_));
    open_.reset();
  }
  return std::move(found_);
}

}  // namespace schedlab::grid
