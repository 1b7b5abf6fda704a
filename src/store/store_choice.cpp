#include "store/store_choice.h"

#include <fmt/format.h>

#include <cstdlib>

#include "core/error.h"
#include "core/secrets.h"
#include "store/store_kinds.h"

namespace schedlab::store {
namespace {

StoreChoice parse_location(const std::string& option, const std::string& value) {
  // A word meant as "no store" would otherwise become a database file of
  // that name in the current directory (a newcomer's `--store none` did).
  for (const char* word : {"none", "off", "no", "false", "0"})
    if (value == word)
      throw UsageError(option, value, fmt::format("a SQLite database file or a postgresql://... URL (--no-store "
                                                  "keeps nothing; a file named {} is ./{})", word, word));
  for (const auto& kind : store_kinds())
    if (kind.claims(value)) return {kind.id, kind.resolve(option, value)};
  throw UsageError(option, redact_secrets(value), "a SQLite database file or a postgresql://... URL");
}

}  // namespace

std::string data_directory() {
  if (const char* xdg = std::getenv("XDG_DATA_HOME"); xdg && *xdg) return std::string(xdg) + "/schedlab";
  const char* home = std::getenv("HOME");
  return std::string(home && *home ? home : "/") + "/.local/share/schedlab";
}

StoreChoice choose_store(const std::string& store_option, bool no_store) {
  if (no_store && !store_option.empty())
    throw UsageError("--no-store", "with --store " + redact_secrets(store_option), "one of --store URL or --no-store");
  if (no_store) return {StoreChoice::Kind::kNone, ""};
  if (!store_option.empty()) return parse_location("--store", store_option);
  if (const char* env = std::getenv("SCHEDLAB_STORE"); env && *env) return parse_location("SCHEDLAB_STORE", env);
  return parse_location("the default store", data_directory() + "/results.db");
}

std::unique_ptr<Store> open_store(const StoreChoice& choice, Access access, const WorkloadRegistry& workloads) {
  return std::make_unique<Store>(store_kind(choice.kind).connect(choice.location, access), workloads);
}

std::string describe(const StoreChoice& choice) { return redact_secrets(choice.location); }

}  // namespace schedlab::store
