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
  // `url`: postgresql://..., postgres://... or a key=value string, as
  // libpq takes it.  A connection timeout of 10 s applies unless the URL
  // sets its own.  kRead: every transaction on the connection is read-only.
  PostgresConnection(const std::string& url, Access access);

  Dialect dialect() const override { return Dialect::kPostgres; }
  void exec(const std::string& sql) override;
  std::vector<SqlRow> query(const std::string& sql, const std::vector<SqlValue>& params) override;
  void begin_write() override { exec("BEGIN"); }

 private:
  struct ConnDeleter {
    void operator()(PGconn* c) const { PQfinish(c); }
  };
  std::unique_ptr<PGconn, ConnDeleter> conn_;
};

// Throws UsageError naming `option` when libpq cannot parse `location`
// (the URL or key=value string, its password masked), before anything is
// measured or connected.
void check_conninfo(const std::string& option, const std::string& location);

}  // namespace schedlab::store
