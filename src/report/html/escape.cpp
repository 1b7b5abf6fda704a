#include "report/html/escape.h"

#include "core/secrets.h"
#include "core/utf8.h"

namespace schedlab::html {
namespace {

constexpr std::string_view kReplacement = "\xEF\xBF\xBD";  // U+FFFD

// Length of the well-formed UTF-8 sequence starting at `text`, 0 when it
// is not one (checked by the same rules as result files use).
std::size_t sequence_length(std::string_view text) {
  const auto lead = static_cast<unsigned char>(text.front());
  std::size_t n = 0;
  if (lead < 0x80) n = 1;
  else if ((lead & 0xE0) == 0xC0) n = 2;
  else if ((lead & 0xF0) == 0xE0) n = 3;
  else if ((lead & 0xF8) == 0xF0) n = 4;
  if (n == 0 || n > text.size() || !valid_utf8(text.substr(0, n))) return 0;
  return n;
}

std::string_view entity(char c) {
  switch (c) {
    case '&': return "&amp;";
    case '<': return "&lt;";
    case '>': return "&gt;";
    case '"': return "&quot;";
    case '\'': return "&#39;";
    default: return {};
  }
}

}  // namespace

std::string escape(std::string_view raw) {
  const std::string redacted = redact_secrets(raw);
  std::string_view text = redacted;
  std::string out;
  out.reserve(text.size());
  while (!text.empty()) {
    const std::size_t n = sequence_length(text);
    if (n == 0) {
      out += kReplacement;
      text.remove_prefix(1);
      continue;
    }
    const char c = text.front();
    const bool control =
        n == 1 && (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) && c != '\t' && c != '\n';
    if (control) out += kReplacement;
    else if (const auto e = entity(c); !e.empty()) out += e;
    else out.append(text.substr(0, n));
    text.remove_prefix(n);
  }
  return out;
}

}  // namespace schedlab::html
