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
  // `create`: make the file (and nothing else) when missing; otherwise a
  // missing file throws StoreError.
  SqliteConnection(const std::string& path, bool create);
  ~SqliteConnection() override;
  SqliteConnection(const SqliteConnection&) = delete;
  SqliteConnection& operator=(const SqliteConnection&) = delete;

  Dialect dialect() const override { return Dialect::kSqlite; }
  const std::string& where() const override { return path_; }
  void exec(const std::string& sql) override;
  std::vector<SqlRow> query(const std::string& sql, const std::vector<SqlValue>& params) override;
  void begin_write() override { exec("BEGIN IMMEDIATE"); }

 private:
  struct StatementDeleter {
    void operator()(sqlite3_stmt* s) const { sqlite3_finalize(s); }
  };
  using Statement = std::unique_ptr<sqlite3_stmt, StatementDeleter>;

  sqlite3_stmt* prepared(const std::string& sql);
  [[noreturn]] void fail(const std::string& action) const;

  std::string path_;
  sqlite3* db_ = nullptr;
  std::map<std::string, Statement> statements_;
};

}  // namespace schedlab::store
