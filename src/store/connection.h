#pragma once
// The few things the store needs from a SQL database, so that one body of
// SQL (schema.cpp, set_writer.cpp, set_reader.cpp) serves SQLite and
// PostgreSQL alike.  Statements are written with `?` placeholders; each
// connection binds them its own way.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "core/error.h"
#include "core/secrets.h"
#include "input/limits.h"

namespace schedlab::store {

enum class Dialect { kSqlite, kPostgres };

// What a command does with the store.  kRead is for history, trend,
// compare, report and export: the database refuses every write on such a
// connection (SQLite read-only, PostgreSQL read-only transactions), so
// they work on a store they cannot write, and they never create or
// migrate one.
enum class Access {
  kWrite,  // record: create the store when missing, migrate it to this build's schema
  kRead,
};

// The most bytes a text or blob cell is read as: a result document's own
// limit (input/limits.h), the largest thing the store writes.
inline constexpr std::size_t kCellLimit = input::kResultFile.max_bytes;

// A cell longer than kCellLimit, read as its length only: a row planted
// with gigabytes is refused by every reader (row_reader.h) without one
// copy of it, whatever reader asks for it.
struct OversizedCell {
  std::size_t bytes;
};

// A parameter or a result cell.  Integers and reals keep their type, so a
// REAL read back is the double that was written (no text rounding).
// OversizedCell is only ever a result.
using SqlValue = std::variant<std::nullptr_t, std::int64_t, double, std::string, OversizedCell>;
using SqlRow = std::vector<SqlValue>;

// Cell accessors; a NULL or oversized cell gives the fallback (or nullopt, or "").
std::int64_t as_int(const SqlValue& v, std::int64_t fallback = 0);
double as_double(const SqlValue& v, double fallback = 0);
std::string as_text(const SqlValue& v);
std::optional<double> as_optional_double(const SqlValue& v);

// A database the store cannot use: unreachable, full, refusing, corrupt.
// Exit status 4 like other system failures; the message names the store.
class StoreError : public Error {
 public:
  explicit StoreError(const std::string& message) : Error(ExitStatus::kWorkloadFailed, message) {}
};

// One open connection.  Not thread-safe: one per thread.  Every method
// throws StoreError with the database's own message.
class Connection {
 public:
  virtual ~Connection() = default;
  virtual Dialect dialect() const = 0;
  // Where it points, for messages: the path or URL through
  // redact_secrets, whatever the kind of database.
  const std::string& where() const { return where_; }
  Access access() const { return access_; }
  // Runs one or more statements without parameters or results.
  virtual void exec(const std::string& sql) = 0;
  // Runs one statement with `?` parameters; returns its rows.
  virtual std::vector<SqlRow> query(const std::string& sql, const std::vector<SqlValue>& params = {}) = 0;
  // Starts a transaction that takes the write lock at once (SQLite BEGIN
  // IMMEDIATE), so two writers never deadlock upgrading a read lock.
  virtual void begin_write() = 0;

 protected:
  Connection(const std::string& location, Access access) : where_(redact_secrets(location)), access_(access) {}

 private:
  std::string where_;
  Access access_;
};

// Commits on commit(); rolls back when destroyed without it (an exception
// or a failed write).  Never throws from the destructor.
class Transaction {
 public:
  explicit Transaction(Connection& c) : c_(c) { c_.begin_write(); }
  ~Transaction();
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;
  void commit();

 private:
  Connection& c_;
  bool done_ = false;
};

}  // namespace schedlab::store
