#include "grid/secrets.h"

#include "store/postgres_connection.h"

namespace schedlab::grid {
namespace {

// libpq's keyword `password=VALUE`, in a URL query (?password=x&...) or a
// keyword/value connection string (host=db password=x): VALUE runs to the
// next '&' or blank.
std::string redact_password_parameter(std::string text) {
  static constexpr std::string_view kKey = "password=";
  for (std::size_t at = text.find(kKey); at != std::string::npos; at = text.find(kKey, at + 1)) {
    const bool starts_word = at == 0 || text[at - 1] == '?' || text[at - 1] == '&' || text[at - 1] == ' ';
    if (!starts_word) continue;
    const std::size_t value = at + kKey.size();
    const std::size_t end = text.find_first_of("& \t", value);
    text.replace(value, (end == std::string::npos ? text.size() : end) - value, "***");
  }
  return text;
}

}  // namespace

std::string redact_secrets(const std::string& text) {
  std::string out;
  std::size_t start = 0;
  // Word by word: a command line may hold several URLs.
  while (start <= text.size()) {
    const std::size_t end = std::min(text.find(' ', start), text.size());
    out += store::redact_password(text.substr(start, end - start));
    if (end == text.size()) break;
    out += ' ';
    start = end + 1;
  }
  return redact_password_parameter(out);
}

bool holds_secret(const std::string& text) { return redact_secrets(text) != text; }

}  // namespace schedlab::grid
