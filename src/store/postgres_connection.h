#pragma once
#include <libpq-fe.h>

#include <memory>
#include <string>

#include "store/connection.h"

namespace schedlab::store {

// A PostgreSQL database through libpq.  Owns the connection; results are
// owned for the duration of one call.  `?` placeholders become $1, $2, ...
// and values travel as text (doubles in their shortest exact form).
class PostgresConnection final : public Connection {
 public:
  // `url`: postgresql://... or postgres://... as libpq takes it.  A
  // connection timeout of 10 s applies unless the URL sets its own.
  explicit PostgresConnection(const std::string& url);

  Dialect dialect() const override { return Dialect::kPostgres; }
  const std::string& where() const override { return where_; }
  void exec(const std::string& sql) override;
  std::vector<SqlRow> query(const std::string& sql, const std::vector<SqlValue>& params) override;
  void begin_write() override { exec("BEGIN"); }

 private:
  struct ConnDeleter {
    void operator()(PGconn* c) const { PQfinish(c); }
  };
  std::string where_;
  std::unique_ptr<PGconn, ConnDeleter> conn_;
};

// The URL with its password replaced by "***", for messages.
std::string redact_password(const std::string& url);

}  // namespace schedlab::store
