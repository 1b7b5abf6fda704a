#include "store/sqlite_connection.h"

#include <fmt/format.h>

#include <cctype>
#include <cstring>
#include <filesystem>

#include "sys/owned_files.h"

namespace schedlab::store {
namespace {

namespace fs = std::filesystem;

constexpr int kBusyTimeoutMs = 30000;  // another writer's transaction is short; a stuck one is not
constexpr int kOpenFlags = SQLITE_OPEN_URI | SQLITE_OPEN_NOFOLLOW | SQLITE_OPEN_NOMUTEX;

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
      const auto bytes = static_cast<std::size_t>(sqlite3_column_bytes(s, i));
      if (bytes > kCellLimit) return OversizedCell{bytes};
      return std::string(text ? text : "", bytes);
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

bool exists(const std::string& path) {
  std::error_code ec;
  return fs::exists(fs::symlink_status(path, ec));
}

// Nothing there for sure: not a path we cannot search (that one's open
// says why it fails).
bool missing(const std::string& path) {
  std::error_code ec;
  return fs::symlink_status(path, ec).type() == fs::file_type::not_found;
}

// The path SQLite is given: the directory resolved (a data directory
// reached through a symlink is the user's own choice, and the kernel's
// protected_symlinks keeps others' links in /tmp from being followed),
// the file name as it is, so that SQLITE_OPEN_NOFOLLOW refuses a link
// planted at the file between check_sqlite_files and the open.
std::string resolved(const std::string& path) {
  const fs::path p = fs::absolute(path);
  std::error_code ec;
  const fs::path dir = fs::canonical(p.parent_path(), ec);
  return ((ec ? p.parent_path() : dir) / p.filename()).string();
}

// A "file:" URI: SQLite reads ?, # and % in one as URI syntax.
std::string file_uri(const std::string& path, const char* query) {
  std::string out = "file:";
  for (const char ch : path) {
    const auto c = static_cast<unsigned char>(ch);
    if (std::isalnum(c) || std::strchr("/._-~", ch)) out += ch;
    else out += fmt::format("%{:02X}", c);
  }
  return out + query;
}

}  // namespace

void check_sqlite_files(const std::string& path) {
  for (const char* companion : {"", "-wal", "-shm", "-journal"}) {
    const std::string file = path + companion;
    if (auto problem = sys::planted_file_problem(file); !problem.empty())
      throw UsageError(fmt::format("store '{}': {}; a SQLite store and its -wal, -shm and -journal files "
                                   "must be regular files owned by you or root (remove it, or choose "
                                   "another --store)",
                                   redact_secrets(file), problem));
  }
}

SqliteConnection::SqliteConnection(const std::string& path, Access access) : Connection(path, access) {
  if (access == Access::kRead && missing(path))
    throw UsageError(fmt::format("no store yet at '{}': nothing has been recorded there (a run records "
                                 "its results; 'schedlab import FILE' loads result files)",
                                 where()));
  check_sqlite_files(path);
  const std::string real = resolved(path);
  if (access == Access::kRead) {
    open_read_only(real);
  } else {
    sys::make_private_directories(fs::path(real).parent_path().string());
    sys::create_new_file(real, 0644);  // ours when new; an existing file was checked above
    open_uri(file_uri(real, ""), SQLITE_OPEN_READWRITE);
  }
  // A file swapped in after the first check (only someone who can write
  // the directory can) is caught here, before any row is read or written.
  check_sqlite_files(path);
  configure();
}

SqliteConnection::SqliteConnection(InMemory) : Connection(":memory:", Access::kWrite) {
  open_uri(":memory:", SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
  configure();
}

std::unique_ptr<SqliteConnection> SqliteConnection::in_memory() {
  return std::unique_ptr<SqliteConnection>(new SqliteConnection(InMemory{}));
}

// A read-only connection to a WAL database needs its -shm and -wal files:
// it uses them when they exist (a writer is connected, or one left them),
// or creates them when it can write the directory.  When it can do
// neither (a root-owned store in a directory we cannot write, a read-only
// mount), SQLite fails with READONLY_DIRECTORY or CANTOPEN.  Then no -wal
// file exists, so no connection is open and the database file holds every
// committed transaction: it is read as immutable=1, without locks.  A
// writer that starts meanwhile appends to a new -wal and changes the file
// only when it checkpoints (on close, or past 1000 pages), so a read can
// meet a checkpoint only in that window; the rows it reads are validated
// (set_reader.cpp) and the command can be run again.  With a -wal file we
// cannot use, we fail rather than read without the transactions in it.
void SqliteConnection::open_read_only(const std::string& path) {
  open_uri(file_uri(path, "?mode=ro"), SQLITE_OPEN_READONLY);
  if (sqlite3_exec(db_.get(), "SELECT COUNT(*) FROM sqlite_master", nullptr, nullptr, nullptr) == SQLITE_OK)
    return;
  const int code = sqlite3_extended_errcode(db_.get());
  if ((code != SQLITE_READONLY_DIRECTORY && (code & 0xff) != SQLITE_CANTOPEN) || exists(path + "-wal"))
    fail("read");
  statements_.clear();
  db_.reset();
  open_uri(file_uri(path, "?mode=ro&immutable=1"), SQLITE_OPEN_READONLY);
}

void SqliteConnection::open_uri(const std::string& uri, int flags) {
  sqlite3* db = nullptr;
  const int rc = sqlite3_open_v2(uri.c_str(), &db, flags | kOpenFlags, nullptr);
  db_.reset(db);
  if (rc == SQLITE_OK) return;
  const std::string why = db ? sqlite3_errmsg(db) : "out of memory";
  db_.reset();
  throw StoreError(fmt::format("store: open '{}' failed: {}", where(), why));
}

void SqliteConnection::configure() {
  sqlite3_busy_timeout(db_.get(), kBusyTimeoutMs);
  // LIKE is case-sensitive in PostgreSQL; make it so here, so a --kernel
  // pattern matches the same sets in both.
  exec("PRAGMA foreign_keys=ON; PRAGMA case_sensitive_like=ON");
  // WAL with synchronous=NORMAL: a crash of schedlab loses nothing committed;
  // only a power cut may lose the last sets, which their result file keeps.
  // Setting the journal mode is a write: a reader leaves it as it is.
  if (access() == Access::kWrite) exec("PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL");
}

void SqliteConnection::fail(const std::string& action) const {
  throw StoreError(fmt::format("store: {} in '{}' failed: {}", action, where(), sqlite3_errmsg(db_.get())));
}

void SqliteConnection::exec(const std::string& sql) {
  char* message = nullptr;
  if (sqlite3_exec(db_.get(), sql.c_str(), nullptr, nullptr, &message) == SQLITE_OK) return;
  const std::string why = message ? message : sqlite3_errmsg(db_.get());
  sqlite3_free(message);
  throw StoreError(fmt::format("store: statement in '{}' failed: {}", where(), why));
}

sqlite3_stmt* SqliteConnection::prepared(const std::string& sql) {
  auto it = statements_.find(sql);
  if (it != statements_.end()) return it->second.get();
  sqlite3_stmt* raw = nullptr;
  if (sqlite3_prepare_v2(db_.get(), sql.c_str(), static_cast<int>(sql.size()), &raw, nullptr) != SQLITE_OK)
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
