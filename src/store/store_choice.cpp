#include "store/store_choice.h"

#include <fmt/format.h>

#include <cstdlib>
#include <filesystem>

#include "core/error.h"
#include "store/postgres_connection.h"
#include "store/sqlite_connection.h"

namespace schedlab::store {
namespace {

namespace fs = std::filesystem;

bool starts_with(const std::string& s, const char* prefix) { return s.rfind(prefix, 0) == 0; }

StoreChoice parse_location(const std::string& option, const std::string& value) {
  if (starts_with(value, "postgresql://") || starts_with(value, "postgres://"))
    return {StoreChoice::Kind::kPostgres, value};
  std::string path = starts_with(value, "sqlite:") ? value.substr(7) : value;
  std::error_code ec;
  if (path.empty() || path.find("://") != std::string::npos || fs::is_directory(path, ec))
    throw UsageError(option, value, "a SQLite database file (e.g. results.db) or a postgresql://... URL");
  return {StoreChoice::Kind::kSqlite, path};
}

void make_parent_directory(const std::string& path) {
  const fs::path dir = fs::path(path).parent_path();
  std::error_code ec;
  if (dir.empty() || fs::is_directory(dir, ec)) return;
  fs::create_directories(dir, ec);
  if (ec) throw StoreError(fmt::format("store: create '{}' failed: {}", dir.string(), ec.message()));
}

}  // namespace

std::string data_directory() {
  if (const char* xdg = std::getenv("XDG_DATA_HOME"); xdg && *xdg) return std::string(xdg) + "/schedlab";
  const char* home = std::getenv("HOME");
  return std::string(home && *home ? home : "/") + "/.local/share/schedlab";
}

StoreChoice choose_store(const std::string& store_option, bool no_store) {
  if (no_store && !store_option.empty())
    throw UsageError("--no-store", "with --store " + store_option, "one of --store URL or --no-store");
  if (no_store) return {StoreChoice::Kind::kNone, ""};
  if (!store_option.empty()) return parse_location("--store", store_option);
  if (const char* env = std::getenv("SCHEDLAB_STORE"); env && *env)
    return parse_location("SCHEDLAB_STORE", env);
  return {StoreChoice::Kind::kSqlite, data_directory() + "/results.db"};
}

std::unique_ptr<Store> open_store(const StoreChoice& choice, Access access) {
  if (choice.kind == StoreChoice::Kind::kPostgres)
    return std::make_unique<Store>(std::make_unique<PostgresConnection>(choice.location));
  std::error_code ec;
  if (access == Access::kRead && !fs::exists(choice.location, ec))
    throw UsageError(fmt::format("no store yet at '{}': nothing has been recorded there (a run records "
                                 "its results; 'schedlab import FILE' loads result files)",
                                 choice.location));
  if (access == Access::kWrite) make_parent_directory(choice.location);
  return std::make_unique<Store>(
      std::make_unique<SqliteConnection>(choice.location, access == Access::kWrite));
}

std::string describe(const StoreChoice& choice) {
  return choice.kind == StoreChoice::Kind::kPostgres ? redact_password(choice.location) : choice.location;
}

}  // namespace schedlab::store
