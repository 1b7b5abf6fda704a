#include "store/sqlite_connection.h"

#include <fmt/format.h>

namespace schedlab::store {
namespace {

constexpr int kBusyTimeoutMs = 30000;  // another writer's transaction is short; a stuck one is not

void bind(sqlite3_stmt* s, int i, const SqlValue& v) {
  if (const auto* n = std::get_if<std::int64_t>(&v)) sqlite3_bind_int64(s, i, *n);
  else if (const auto* d = std::get_if<double>(&v)) sqlite3_bind_double(s, i, *d);
  else if (const auto* t = std::get_if<std::string>(&v))
    sqlite3_bind_text(s, i, t->data(), static_cast<int>(t->size()), SQLITE_TRANSIENT);
  else sqlite3_bind_null(s, i);
}

SqlValue column(sqlite3_stmt* s, int i) {
  switch (sqlite3_column_type(s, i)) {
    case SQLITE_INTEGER: return static_cast<std::int64_t>(sqlite3_column_int64(s, i));
    case SQLITE_FLOAT: return sqlite3_column_double(s, i);
    case SQLITE_NULL: return nullptr;
    default: {
      const auto* text = reinterpret_cast<const char*>(sqlite3_column_text(s, i));
      return std::string(text, static_cast<size_t>(sqlite3_column_bytes(s, i)));
    }
  }
}

// Resets the statement however the caller leaves (a throw included), so the
// next use starts clean and no read lock is held.
struct ResetOnExit {
  sqlite3_stmt* s;
  ~ResetOnExit() {
    sqlite3_reset(s);
    sqlite3_clear_bindings(s);
  }
};

}  // namespace

SqliteConnection::SqliteConnection(const std::string& path, bool create) : path_(path) {
  const int flags = SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0) | SQLITE_OPEN_NOMUTEX;
  if (sqlite3_open_v2(path.c_str(), &db_, flags, nullptr) != SQLITE_OK) {
    const std::string why = db_ ? sqlite3_errmsg(db_) : "out of memory";
    sqlite3_close_v2(db_);
    db_ = nullptr;
    throw StoreError(fmt::format("store: open '{}' failed: {}", path, why));
  }
  sqlite3_busy_timeout(db_, kBusyTimeoutMs);
  // LIKE is case-sensitive in PostgreSQL; make it so here, so a --kernel
  // pattern matches the same sets in both.
  // WAL with synchronous=NORMAL: a crash of schedlab loses nothing committed;
  // only a power cut may lose the last sets, which their result file keeps.
  exec("PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON; "
       "PRAGMA case_sensitive_like=ON");
}

SqliteConnection::~SqliteConnection() {
  statements_.clear();  // finalize before closing
  sqlite3_close_v2(db_);
}

void SqliteConnection::fail(const std::string& action) const {
  throw StoreError(fmt::format("store: {} in '{}' failed: {}", action, path_, sqlite3_errmsg(db_)));
}

void SqliteConnection::exec(const std::string& sql) {
  char* message = nullptr;
  if (sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &message) == SQLITE_OK) return;
  const std::string why = message ? message : sqlite3_errmsg(db_);
  sqlite3_free(message);
  throw StoreError(fmt::format("store: statement in '{}' failed: {}", path_, why));
}

sqlite3_stmt* SqliteConnection::prepared(const std::string& sql) {
  auto it = statements_.find(sql);
  if (it != statements_.end()) return it->second.get();
  sqlite3_stmt* raw = nullptr;
  if (sqlite3_prepare_v2(db_, sql.c_str(), static_cast<int>(sql.size()), &raw, nullptr) != SQLITE_OK)
    fail("prepare");
  return statements_.emplace(sql, Statement(raw)).first->second.get();
}

std::vector<SqlRow> SqliteConnection::query(const std::string& sql, const std::vector<SqlValue>& params) {
  sqlite3_stmt* s = prepared(sql);
  ResetOnExit reset{s};
  for (size_t i = 0; i < params.size(); ++i) bind(s, static_cast<int>(i) + 1, params[i]);
  std::vector<SqlRow> rows;
  const int columns = sqlite3_column_count(s);
  for (;;) {
    const int rc = sqlite3_step(s);
    if (rc == SQLITE_DONE) break;
    if (rc != SQLITE_ROW) fail("query");
    SqlRow row;
    for (int i = 0; i < columns; ++i) row.push_back(column(s, i));
    rows.push_back(std::move(row));
  }
  return rows;
}

}  // namespace schedlab::store
