#include "store/store_kinds.h"

#include <cctype>
#include <filesystem>
#include <stdexcept>

#include "store/postgres_connection.h"
#include "store/sqlite_connection.h"

namespace schedlab::store {
namespace {

bool starts_with(const std::string& s, const char* prefix) { return s.rfind(prefix, 0) == 0; }

// A postgresql:// or postgres:// URL, or a libpq key=value string (its
// first word is followed by '='; "sqlite:NAME" keeps a file named a=b).
bool claims_postgres(const std::string& value) {
  if (starts_with(value, "postgresql://") || starts_with(value, "postgres://")) return true;
  std::size_t i = value.find_first_not_of(' ');
  const std::size_t word = i;
  while (i < value.size() && (std::isalnum(static_cast<unsigned char>(value[i])) || value[i] == '_')) ++i;
  if (i == word || i == std::string::npos) return false;
  while (i < value.size() && value[i] == ' ') ++i;
  return i < value.size() && value[i] == '=';
}

std::string resolve_postgres(const std::string& option, const std::string& value) {
  check_conninfo(option, value);
  return value;
}

std::unique_ptr<Connection> connect_postgres(const std::string& location, Access access) {
  return std::make_unique<PostgresConnection>(location, access);
}

bool claims_sqlite(const std::string&) { return true; }

std::string resolve_sqlite(const std::string& option, const std::string& value) {
  std::string path = starts_with(value, "sqlite:") ? value.substr(7) : value;
  std::error_code ec;
  if (path.empty() || path.find("://") != std::string::npos || std::filesystem::is_directory(path, ec))
    throw UsageError(option, redact_secrets(value),
                     "a SQLite database file (e.g. results.db, or sqlite:NAME), a postgresql://... URL or a "
                     "libpq key=value string");
  check_sqlite_files(path);
  return path;
}

std::unique_ptr<Connection> connect_sqlite(const std::string& location, Access access) {
  return std::make_unique<SqliteConnection>(location, access);
}

}  // namespace

const std::vector<StoreKind>& store_kinds() {
  static const std::vector<StoreKind> kinds = {
      {StoreChoice::Kind::kPostgres, "postgresql", false, claims_postgres, resolve_postgres, connect_postgres},
      {StoreChoice::Kind::kSqlite, "sqlite", true, claims_sqlite, resolve_sqlite, connect_sqlite},
  };
  return kinds;
}

const StoreKind& store_kind(StoreChoice::Kind id) {
  for (const auto& k : store_kinds())
    if (k.id == id) return k;
  throw std::logic_error("store: no kind for this choice (--no-store?)");
}

}  // namespace schedlab::store
