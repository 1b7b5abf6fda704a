#include "store/set_filter.h"

#include <fmt/format.h>

#include <algorithm>

#include "core/error.h"
#include "core/utf8.h"

namespace schedlab::store {
namespace {

// A shell pattern as LIKE's: * -> %, ? -> _, LIKE's own % and _ escaped.
std::string like_pattern(const std::string& glob) {
  std::string out;
  for (char c : glob) {
    if (c == '*') out += '%';
    else if (c == '?') out += '_';
    else if (c == '%' || c == '_' || c == '\\') out += std::string("\\") + c;
    else out += c;
  }
  return out;
}

void add_text(Where& w, const std::string& column, const std::string& value) {
  if (value.empty()) return;
  check_pattern(column.substr(column.find('.') + 1) + " pattern", value);
  if (value.find_first_of("*?") == std::string::npos) w.add(column + " = ?", value);
  else w.add(column + " LIKE ? ESCAPE '\\'", like_pattern(value));
}

}  // namespace

void check_pattern(const std::string& what, const std::string& pattern) {
  if (pattern.size() <= kMaxPatternBytes) return;
  throw UsageError(what, printable(utf8_prefix(pattern, 32)) + "...",
                   fmt::format("a pattern of at most {} bytes (this one has {})", kMaxPatternBytes,
                               pattern.size()));
}

void check_spec_id(const std::string& what, const std::string& id) {
  const bool hex =
      std::all_of(id.begin(), id.end(), [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
  if (!hex || id.size() < kMinSpecDigits || id.size() > 12)
    throw UsageError(what, printable(utf8_prefix(id, 32)),
                     fmt::format("a spec id as history shows it: {} to 12 lowercase hex digits", kMinSpecDigits));
}

void Where::add(const std::string& clause, SqlValue value) {
  sql += (sql.empty() ? " WHERE " : " AND ") + clause;
  params.push_back(std::move(value));
}

Where where_of(const SetFilter& f) {
  Where w;
  if (f.id) w.add("s.id = ?", *f.id);
  if (!f.workload.empty()) w.add("s.workload = ?", f.workload);
  add_text(w, "s.kernel", f.kernel);
  add_text(w, "s.host", f.host);
  add_text(w, "s.label", f.label);
  if (!f.spec.empty()) {
    check_spec_id("--spec", f.spec);
    w.add("s.spec_id LIKE ?", f.spec + "%");  // hex digits only: nothing for LIKE to read
  }
  if (f.since_epoch) w.add("s.started_epoch >= ?", *f.since_epoch);
  if (f.pass_only) w.add("s.status = ?", std::string("PASS"));
  return w;
}

}  // namespace schedlab::store
