#pragma once
#include <sqlite3.h>

#include <map>
#include <memory>
#include <string>

#include "store/connection.h"

namespace schedlab::store {

// A SQLite database file.  Owns the handle and its prepared statements
// (kept by SQL text, so the writer's per-run inserts are prepared once).
// WAL journal and a busy timeout let several schedlab processes write one
// file: a writer waits for another instead of failing.
class SqliteConnection final : public Connection {
 public:
  // Opens the store file at `path`, refusing (UsageError naming the path
  // and why) a symbolic link or a file owned by another user than us or
  // root, at the path or at its -wal, -shm and -journal companions.
  // kWrite: read-write; a missing file is created (0644, its missing
  // directories 0700).  kRead: read-only; a missing file is "no store yet"
  // (UsageError), and a WAL database in a directory we cannot write is
  // still read (see the .cpp).
  SqliteConnection(const std::string& path, Access access);
  // A private database in memory, writable (the fuzz target's store).
  static std::unique_ptr<SqliteConnection> in_memory();
  SqliteConnection(const SqliteConnection&) = delete;
  SqliteConnection& operator=(const SqliteConnection&) = delete;

  Dialect dialect() const override { return Dialect::kSqlite; }
  void exec(const std::string& sql) override;
  std::vector<SqlRow> query(const std::string& sql, const std::vector<SqlValue>& params) override;
  void begin_write() override { exec("BEGIN IMMEDIATE"); }

 private:
  struct StatementDeleter {
    void operator()(sqlite3_stmt* s) const { sqlite3_finalize(s); }
  };
  struct DatabaseDeleter {
    void operator()(sqlite3* db) const { sqlite3_close_v2(db); }
  };
  using Statement = std::unique_ptr<sqlite3_stmt, StatementDeleter>;
  struct InMemory {};

  explicit SqliteConnection(InMemory);
  void open_read_only(const std::string& path);
  void open_uri(const std::string& uri, int flags);
  void configure();
  sqlite3_stmt* prepared(const std::string& sql);
  [[noreturn]] void fail(const std::string& action) const;

  // Declared first, destroyed last: the statements are finalized before
  // the database closes, on every path out of a constructor too.
  std::unique_ptr<sqlite3, DatabaseDeleter> db_;
  std::map<std::string, Statement> statements_;
};

// Throws UsageError when `path` or one of SQLite's companion files
// (-wal, -shm, -journal) is a symbolic link, not a regular file, or owned
// by another user than us or root: the file rules of a SQLite store,
// checked before anything is measured and again at every open.
void check_sqlite_files(const std::string& path);

}  // namespace schedlab::store
