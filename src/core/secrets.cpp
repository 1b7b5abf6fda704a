#include "core/secrets.h"

#include <libpq-fe.h>

#include <algorithm>
#include <cctype>
#include <memory>
#include <vector>

namespace schedlab {
namespace {

constexpr std::string_view kMask = "***";

struct OptionsDeleter {
  void operator()(PQconninfoOption* o) const { PQconninfoFree(o); }
};
using Options = std::unique_ptr<PQconninfoOption, OptionsDeleter>;

// libpq's parser of connection strings and URLs; nullptr when it refuses `text`.
Options parse_conninfo(const std::string& text) {
  char* error = nullptr;
  Options options(PQconninfoParse(text.c_str(), &error));
  PQfreemem(error);
  return options;
}

// The keywords whose values libpq itself hides (display character "*"):
// password and sslpassword in libpq 15; a later libpq's additions come free.
const std::vector<std::string>& secret_keywords() {
  static const std::vector<std::string> keywords = [] {
    std::vector<std::string> out;
    const Options all = parse_conninfo("");
    for (const auto* o = all.get(); o && o->keyword; ++o)
      if (o->dispchar && o->dispchar[0] == '*') out.emplace_back(o->keyword);
    if (out.empty()) out = {"password", "sslpassword"};  // libpq out of memory: libpq 15's
    return out;
  }();
  return keywords;
}

char lower(char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); }

bool starts_with_nocase(std::string_view text, std::string_view prefix) {
  return text.size() >= prefix.size() &&
         std::equal(prefix.begin(), prefix.end(), text.begin(), [](char a, char b) { return lower(a) == lower(b); });
}

bool is_secret_keyword(std::string_view key) {
  return std::any_of(secret_keywords().begin(), secret_keywords().end(), [&](const std::string& k) {
    return key.size() == k.size() && starts_with_nocase(key, k);
  });
}

bool contains_nocase(std::string_view text, std::string_view what) {
  for (std::size_t i = 0; i + what.size() <= text.size(); ++i)
    if (starts_with_nocase(text.substr(i), what)) return true;
  return false;
}

// The cheap test that keeps redaction off the hot path of report rendering.
bool might_hold_a_secret(std::string_view text) {
  return text.find("://") != std::string_view::npos ||
         std::any_of(secret_keywords().begin(), secret_keywords().end(),
                     [&](const std::string& k) { return contains_nocase(text, k); });
}

// Whether libpq reads a secret other than the mask in `text`; false when
// it cannot parse `text` at all (a message, not a connection string).
bool libpq_reads_a_secret(const std::string& text) {
  const Options options = parse_conninfo(text);
  for (const auto* o = options.get(); o && o->keyword; ++o)
    if (o->val && *o->val && kMask != o->val && is_secret_keyword(o->keyword)) return true;
  return false;
}

std::string percent_decoded(std::string_view s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '%' && i + 2 < s.size() && std::isxdigit(static_cast<unsigned char>(s[i + 1])) &&
        std::isxdigit(static_cast<unsigned char>(s[i + 2]))) {
      out += static_cast<char>(std::stoi(std::string(s.substr(i + 1, 2)), nullptr, 16));
      i += 2;
    } else {
      out += s[i];
    }
  }
  return out;
}

bool is_word(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

bool is_scheme_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '+' || c == '-' || c == '.'; }

// Where the URL whose "://" is at `sep` starts: its scheme's first
// character (`sep` itself when there is no scheme), not before `floor`.
std::size_t scheme_start(std::string_view text, std::size_t sep, std::size_t floor) {
  std::size_t start = sep;
  while (start > floor && is_scheme_char(text[start - 1])) --start;
  return start;
}

// A URL in a message ends at the quote or bracket around it, the line's
// end or the next URL; not at a space, which libpq takes in a password.
std::size_t url_end(std::string_view text, std::size_t from) {
  std::size_t end = std::min(text.find_first_of("'\"`<>\r\n", from), text.size());
  for (std::size_t next = text.find("://", from); next < end; next = text.find("://", next + 3)) {
    const std::size_t start = scheme_start(text, next, from);
    if (start < next) return start;
  }
  return end;
}

// The query of a URL with its secret parameters' values masked ("?a=1&password=***").
std::string masked_query(std::string_view query) {
  std::string out;
  for (std::size_t at = 0; at <= query.size();) {
    const std::size_t amp = std::min(query.find('&', at), query.size());
    const std::string_view param = query.substr(at, amp - at);
    const std::size_t eq = param.find('=');
    if (at > 0) out += '&';
    if (eq != std::string_view::npos && is_secret_keyword(percent_decoded(param.substr(0, eq))))
      out.append(param.substr(0, eq + 1)).append(kMask);
    else out.append(param);
    at = amp + 1;
  }
  return out;
}

// `url` ("scheme://...", `authority` the offset after "://") with the
// password of its user-info and its secret query parameters masked.  The
// user-info runs to the last '@' before the first '/': more than libpq or
// RFC 3986 would take when they differ, never less.
std::string masked_url(std::string_view url, std::size_t authority) {
  std::string out(url.substr(0, authority));
  const std::size_t authority_end = std::min(url.find('/', authority), url.size());
  const std::size_t at = url.substr(0, authority_end).rfind('@');
  std::size_t rest = authority;
  if (at != std::string_view::npos && at >= authority) {
    const std::size_t colon = url.find(':', authority);
    if (colon < at) {
      out.append(url.substr(authority, colon + 1 - authority)).append(kMask);
      rest = at;
    }
  }
  const std::size_t query = url.find('?', rest);
  if (query == std::string_view::npos) {
    out.append(url.substr(rest));
  } else {
    out.append(url.substr(rest, query + 1 - rest));
    out += masked_query(url.substr(query + 1));
  }
  // libpq reads PostgreSQL URLs in ways a reader may not expect: if it
  // still finds a secret in what is left, hide everything.
  const std::string_view scheme = url.substr(0, authority - 3);
  if ((starts_with_nocase(scheme, "postgresql") || starts_with_nocase(scheme, "postgres")) &&
      libpq_reads_a_secret(out))
    return std::string(url.substr(0, authority)).append(kMask);
  return out;
}

// Where the value of a secret keyword=value assignment starting at `i`
// begins (after '=' and blanks), or npos when none starts there.
std::size_t secret_value_at(std::string_view text, std::size_t i) {
  if (i > 0 && is_word(text[i - 1])) return std::string_view::npos;
  for (const auto& k : secret_keywords()) {
    if (!starts_with_nocase(text.substr(i), k)) continue;
    std::size_t j = i + k.size();
    while (j < text.size() && text[j] == ' ') ++j;
    if (j >= text.size() || text[j] != '=') continue;
    ++j;
    while (j < text.size() && text[j] == ' ') ++j;
    return j;
  }
  return std::string_view::npos;
}

// The end of a value as libpq reads it: a quoted value to its closing
// quote (backslash escapes), a bare one to the next blank (or quote, since
// messages quote what they name).
std::size_t value_end(std::string_view text, std::size_t j) {
  if (j < text.size() && text[j] == '\'') {
    for (++j; j < text.size() && text[j] != '\''; ++j)
      if (text[j] == '\\') ++j;
    return std::min(j + 1, text.size());
  }
  while (j < text.size() && !std::isspace(static_cast<unsigned char>(text[j])) && text[j] != '\'' &&
         text[j] != '"')
    ++j;
  return j;
}

// `text` (no URL in it) with the value of every secret keyword masked.
std::string masked_assignments(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t value = secret_value_at(text, i);
    if (value == std::string_view::npos) {
      out += text[i++];
      continue;
    }
    const std::size_t end = value_end(text, value);
    out.append(text.substr(i, value - i));
    if (end > value) out.append(text[value] == '\'' ? "'***'" : kMask);
    i = end;
  }
  return out;
}

}  // namespace

std::string redact_secrets(std::string_view text) {
  if (!might_hold_a_secret(text)) return std::string(text);
  std::string out;
  std::size_t done = 0, from = 0;
  for (std::size_t sep; (sep = text.find("://", from)) != std::string_view::npos;) {
    const std::size_t start = scheme_start(text, sep, done);
    from = sep + 3;
    if (start == sep) continue;  // "://" without a scheme
    const std::size_t end = url_end(text, from);
    out += masked_assignments(text.substr(done, start - done));
    out += masked_url(text.substr(start, end - start), from - start);
    done = from = end;
  }
  out += masked_assignments(text.substr(done));
  // A whole key=value string that libpq still reads a secret in (quoting
  // this code did not foresee): hide all of it.
  if (libpq_reads_a_secret(out)) return std::string(kMask);
  return out;
}

std::vector<std::string> redact_argv(const std::vector<std::string>& argv) {
  std::vector<std::string> out;
  out.reserve(argv.size());
  for (const auto& word : argv) out.push_back(redact_secrets(word));
  return out;
}

}  // namespace schedlab
