#include "core/child_environment.h"

#include <unistd.h>

#include <algorithm>

#include "core/error.h"
#include "core/secrets.h"

namespace schedlab {
namespace {

std::vector<std::string>& secret_names() {
  // libpq: a password, the files that hold passwords (passfile, service
  // file and the directory holding pg_service.conf) and the client's key.
  static std::vector<std::string> list = {"PGPASSWORD", "PGPASSFILE", "PGSERVICEFILE",
                                          "PGSYSCONFDIR", "PGSSLKEY", "LAVA_TOKEN"};
  return list;
}

}  // namespace

std::vector<std::string> scrubbed_variable_names() { return secret_names(); }

void scrub_also(const std::string& option, const std::string& name) {
  if (name.empty() || name.find('=') != std::string::npos || name.find('\0') != std::string::npos)
    throw UsageError(option, name, "the name of an environment variable (no '=')");
  auto& names = secret_names();
  if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
}

bool is_secret_entry(std::string_view entry) {
  const auto eq = entry.find('=');
  const std::string_view name = entry.substr(0, eq);
  const auto& names = secret_names();
  if (std::find(names.begin(), names.end(), name) != names.end()) return true;
  // The store's location is kept when it holds no password: a schedlab a
  // command runs may use the same store.  Other values are not judged: a
  // proxy URL with its user may be what `make test` needs (--scrub-env).
  if (eq == std::string_view::npos || name != "SCHEDLAB_STORE") return false;
  const std::string_view value = entry.substr(eq + 1);
  return redact_secrets(value) != value;
}

std::vector<std::string> child_environment() {
  std::vector<std::string> kept;
  for (char** e = environ; e && *e; ++e)
    if (!is_secret_entry(*e)) kept.emplace_back(*e);
  return kept;
}

}  // namespace schedlab
