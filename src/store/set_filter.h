#pragma once
// The WHERE clause a SetFilter stands for, in the `?` placeholders both
// dialects take.  Text filters are exact, or shell patterns (* and ?) made
// LIKE patterns.
#include <cstddef>
#include <string>
#include <vector>

#include "store/store.h"

namespace schedlab::store {

// The longest text filter or selector pattern, in bytes.  Kernel releases
// and host names are at most 64 bytes (struct utsname); 4096 leaves room
// for any label, and keeps a pattern's LIKE form (%, _ and \ doubled)
// far below SQLite's limit on LIKE patterns (50,000 bytes, beyond which a
// query fails as "pattern too complex"); libpq takes parameters of up to
// 1 GB and PostgreSQL's LIKE has no limit of its own.
inline constexpr std::size_t kMaxPatternBytes = 4096;

// Throws UsageError naming `what` (a selector, an option) and the limit
// when `pattern` is longer than kMaxPatternBytes.
void check_pattern(const std::string& what, const std::string& pattern);

// The fewest digits of a spec id --spec and @spec= take (history shows 8).
inline constexpr std::size_t kMinSpecDigits = 4;

// Throws UsageError naming `what` unless `id` is 4 to 12 lowercase hex
// digits: a spec id (spec/spec_identity.h) or its beginning.
void check_spec_id(const std::string& what, const std::string& id);

struct Where {
  std::string sql;  // " WHERE ..." or ""
  std::vector<SqlValue> params;

  void add(const std::string& clause, SqlValue value);
};

// Throws UsageError (check_pattern) for a pattern over the limit.
Where where_of(const SetFilter& filter);

}  // namespace schedlab::store
