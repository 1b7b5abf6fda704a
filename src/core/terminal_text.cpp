#include "core/terminal_text.h"

#include <fmt/format.h>

#include <iostream>

namespace schedlab {
namespace {

// The length of the UTF-8 character starting with `lead`, 0 when `lead`
// cannot start one.
std::size_t char_length(unsigned char lead) {
  if (lead < 0x80) return 1;
  if (lead >= 0xC2 && lead <= 0xDF) return 2;
  if (lead >= 0xE0 && lead <= 0xEF) return 3;
  if (lead >= 0xF0 && lead <= 0xF4) return 4;
  return 0;
}

// Whether s[0..n) is one well-formed UTF-8 character (no overlong form, no
// surrogate, at most U+10FFFF).
bool well_formed(std::string_view s, std::size_t n) {
  const auto b = [&](std::size_t i) { return static_cast<unsigned char>(s[i]); };
  for (std::size_t i = 1; i < n; ++i)
    if ((b(i) & 0xC0) != 0x80) return false;
  if (n == 3 && b(0) == 0xE0 && b(1) < 0xA0) return false;
  if (n == 3 && b(0) == 0xED && b(1) >= 0xA0) return false;
  if (n == 4 && b(0) == 0xF0 && b(1) < 0x90) return false;
  if (n == 4 && b(0) == 0xF4 && b(1) >= 0x90) return false;
  return true;
}

enum class LineBreaks { kKept, kEscaped };

// Appends the safe form of the character at s[0..n) (n = its length).
void append_safe(std::string& out, std::string_view s, std::size_t n, LineBreaks breaks) {
  const auto lead = static_cast<unsigned char>(s[0]);
  if (n == 1) {
    const bool kept = breaks == LineBreaks::kKept && (lead == '\n' || lead == '\t');
    if (kept || (lead >= 0x20 && lead < 0x7F)) out += static_cast<char>(lead);
    else out += fmt::format("\\u{:04x}", lead);
    return;
  }
  const auto second = static_cast<unsigned char>(s[1]);
  if (n == 2 && lead == 0xC2 && second < 0xA0) out += fmt::format("\\u{:04x}", second);  // C1
  else out.append(s.substr(0, n));
}

// Processes the longest prefix of `text` made of whole characters; returns
// how many bytes were consumed (the rest is an incomplete character).
std::size_t filter(std::string_view text, std::string& out, bool final, LineBreaks breaks = LineBreaks::kKept) {
  std::size_t i = 0;
  while (i < text.size()) {
    const auto lead = static_cast<unsigned char>(text[i]);
    const std::size_t n = char_length(lead);
    if (n > 1 && i + n > text.size()) {
      // Not all of it yet: keep it for the next write, unless it is already broken.
      bool broken = false;
      for (std::size_t k = i + 1; k < text.size(); ++k)
        broken |= (static_cast<unsigned char>(text[k]) & 0xC0) != 0x80;
      if (!final && !broken) return i;
    }
    if (n == 0 || i + n > text.size() || !well_formed(text.substr(i), n)) {
      out += fmt::format("\\x{:02x}", lead);
      ++i;
      continue;
    }
    append_safe(out, text.substr(i), n, breaks);
    i += n;
  }
  return i;
}

std::streambuf* raw_stderr = nullptr;

}  // namespace

std::string terminal_safe(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  filter(text, out, true);
  return out;
}

std::string terminal_safe_line(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  filter(text, out, true, LineBreaks::kEscaped);
  return out;
}

void TerminalSafeBuffer::emit(std::string_view text) {
  pending_.append(text);
  std::string out;
  const std::size_t used = filter(pending_, out, false);
  pending_.erase(0, used);
  target_->sputn(out.data(), static_cast<std::streamsize>(out.size()));
}

TerminalSafeBuffer::int_type TerminalSafeBuffer::overflow(int_type c) {
  if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
  const char ch = traits_type::to_char_type(c);
  emit(std::string_view(&ch, 1));
  return c;
}

std::streamsize TerminalSafeBuffer::xsputn(const char* s, std::streamsize n) {
  emit(std::string_view(s, static_cast<std::size_t>(n)));
  return n;
}

// std::cerr flushes after every insertion: a character split across two
// insertions stays pending through the flush in between.
int TerminalSafeBuffer::sync() { return target_->pubsync(); }

void TerminalSafeBuffer::finish() {
  if (!pending_.empty()) {  // a character that never completed: show its bytes
    std::string out;
    filter(pending_, out, true);
    pending_.clear();
    target_->sputn(out.data(), static_cast<std::streamsize>(out.size()));
  }
  target_->pubsync();
}

TerminalSafeOutput::TerminalSafeOutput()
    : cout_(std::cout.rdbuf()), cerr_(std::cerr.rdbuf()), out_(cout_), err_(cerr_) {
  std::cout.rdbuf(&out_);
  std::cerr.rdbuf(&err_);
  raw_stderr = cerr_;
}

TerminalSafeOutput::~TerminalSafeOutput() {
  std::cout.flush();
  std::cerr.flush();
  out_.finish();
  err_.finish();
  std::cout.rdbuf(cout_);
  std::cerr.rdbuf(cerr_);
  raw_stderr = nullptr;
}

std::ostream& terminal_controls() {
  static std::ostream unfiltered(nullptr);
  unfiltered.rdbuf(raw_stderr ? raw_stderr : std::cerr.rdbuf());
  return unfiltered;
}

}  // namespace schedlab
