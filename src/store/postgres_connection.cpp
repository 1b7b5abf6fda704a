#include "store/postgres_connection.h"

#include <fmt/format.h>

#include <cinttypes>
#include <cmath>

#include "core/whole_number.h"
#include "input/numbers.h"

namespace schedlab::store {
namespace {

// Type oids from PostgreSQL's pg_type.h (stable since 7.x).
constexpr Oid kBool = 16, kInt8 = 20, kInt2 = 21, kInt4 = 23, kFloat4 = 700, kFloat8 = 701,
              kNumeric = 1700;

struct ResultDeleter {
  void operator()(PGresult* r) const { PQclear(r); }
};
using Result = std::unique_ptr<PGresult, ResultDeleter>;

// "... WHERE a = ? AND b = ?" -> "... WHERE a = $1 AND b = $2"; our SQL has
// no '?' inside string literals, but skip them anyway.
std::string numbered_placeholders(const std::string& sql) {
  std::string out;
  int n = 0;
  bool quoted = false;
  for (char c : sql) {
    if (c == '\'') quoted = !quoted;
    if (c == '?' && !quoted) out += fmt::format("${}", ++n);
    else out += c;
  }
  return out;
}

std::string param_text(const SqlValue& v) {
  if (const auto* d = std::get_if<double>(&v)) return fmt::format("{}", *d);
  return as_text(v);
}

SqlValue cell(const PGresult* r, int row, int col) {
  if (PQgetisnull(r, row, col)) return nullptr;
  const auto bytes = static_cast<std::size_t>(PQgetlength(r, row, col));
  if (bytes > kCellLimit) return OversizedCell{bytes};
  const std::string text(PQgetvalue(r, row, col), bytes);
  switch (PQftype(r, col)) {
    case kInt2: case kInt4: case kInt8:
      if (const auto v = parse_whole_number<std::int64_t>(text, INT64_MIN, INT64_MAX)) return *v;
      return text;  // refused by name as "text" where a number belongs
    case kBool: return std::int64_t{text == "t"};
    case kFloat4: case kFloat8: case kNumeric: return input::parse_real(text).value_or(std::nan(""));  // NaN: refused by name
    default: return text;
  }
}

// libpq's messages end with a newline and sometimes hold several lines.
std::string one_line(const char* message) {
  std::string out;
  for (const char* c = message ? message : "unknown error"; *c; ++c) {
    const bool blank = *c == '\n' || *c == '\t' || *c == ' ';
    if (!blank) out += *c;
    else if (!out.empty() && out.back() != ' ') out += ' ';
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

// Why libpq cannot parse `location`; "" when it can.  libpq quotes the
// token it could not read, which may be (part of) a password: those
// quotes are left out.
std::string conninfo_problem(const std::string& location) {
  char* error = nullptr;
  PQconninfoOption* options = PQconninfoParse(location.c_str(), &error);
  const std::string why = one_line(error ? error : "out of memory");
  PQfreemem(error);
  if (options) {
    PQconninfoFree(options);
    return "";
  }
  std::string out;
  bool quoted = false;
  for (const char c : why) {
    if (c == '"') quoted = !quoted;
    else if (!quoted && !(c == ' ' && !out.empty() && out.back() == ' ')) out += c;
  }
  return out;
}

}  // namespace

void check_conninfo(const std::string& option, const std::string& location) {
  if (const auto problem = conninfo_problem(location); !problem.empty())
    throw UsageError(option, redact_secrets(location),
                     fmt::format("a postgresql:// URL or a key=value string that libpq reads ({})", problem));
}

PostgresConnection::PostgresConnection(const std::string& url, Access access) : Connection(url, access) {
  if (const auto problem = conninfo_problem(url); !problem.empty())
    throw StoreError(fmt::format("store: '{}' is not a connection string libpq reads ({})", where(), problem));
  // Later keywords override earlier ones, so the URL's own timeout wins.
  const char* keys[] = {"connect_timeout", "dbname", nullptr};
  const char* values[] = {"10", url.c_str(), nullptr};
  conn_.reset(PQconnectdbParams(keys, values, 1));
  if (!conn_ || PQstatus(conn_.get()) != CONNECTION_OK)
    throw StoreError(fmt::format("store: connect to '{}' failed: {}", where(),
                                 one_line(conn_ ? PQerrorMessage(conn_.get()) : "out of memory")));
  // NOTICEs ("relation exists, skipping") are not for the user.
  PQsetNoticeProcessor(conn_.get(), [](void*, const char*) {}, nullptr);
  if (access == Access::kRead) exec("SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY");
}

void PostgresConnection::exec(const std::string& sql) {
  Result r(PQexec(conn_.get(), sql.c_str()));
  const auto status = r ? PQresultStatus(r.get()) : PGRES_FATAL_ERROR;
  if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK)
    throw StoreError(fmt::format("store: statement in '{}' failed: {}", where(),
                                 one_line(PQerrorMessage(conn_.get()))));
}

std::vector<SqlRow> PostgresConnection::query(const std::string& sql, const std::vector<SqlValue>& params) {
  std::vector<std::string> texts;
  std::vector<const char*> values;
  texts.reserve(params.size());
  values.reserve(params.size());
  for (const auto& p : params) texts.push_back(param_text(p));
  for (size_t i = 0; i < params.size(); ++i)
    values.push_back(std::holds_alternative<std::nullptr_t>(params[i]) ? nullptr : texts[i].c_str());
  Result r(PQexecParams(conn_.get(), numbered_placeholders(sql).c_str(), static_cast<int>(values.size()),
                        nullptr, values.data(), nullptr, nullptr, 0));
  const auto status = r ? PQresultStatus(r.get()) : PGRES_FATAL_ERROR;
  if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK)
    throw StoreError(fmt::format("store: query in '{}' failed: {}", where(),
                                 one_line(PQerrorMessage(conn_.get()))));
  std::vector<SqlRow> rows;
  const int n = PQntuples(r.get()), columns = PQnfields(r.get());
  for (int i = 0; i < n; ++i) {
    SqlRow row;
    for (int c = 0; c < columns; ++c) row.push_back(cell(r.get(), i, c));
    rows.push_back(std::move(row));
  }
  return rows;
}

}  // namespace schedlab::store
