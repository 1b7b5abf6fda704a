#include "grid/lava_kernel.h"

#include <fmt/format.h>

#include <array>
#include <cctype>

#include "core/error.h"
#include "core/secrets.h"

namespace schedlab::grid {
namespace {

constexpr std::array<std::string_view, 4> kSchemes = {"http://", "https://", "file://", "scp://"};
constexpr const char* kAllowed = "NAME=URL[:RAMDISK_URL], NAME of letters, digits, '.', '_' and '-', each URL "
                                 "http://, https://, file:// or scp:// without a password";

bool starts_with_scheme(std::string_view text) {
  for (auto scheme : kSchemes)
    if (text.substr(0, scheme.size()) == scheme) return true;
  return false;
}

// Where the ramdisk URL's ':' is, or npos.
std::size_t ramdisk_separator(const std::string& urls) {
  const std::size_t first = urls.find("://");
  for (std::size_t at = urls.find(':', first == std::string::npos ? 0 : first + 3); at != std::string::npos;
       at = urls.find(':', at + 1))
    if (starts_with_scheme(std::string_view(urls).substr(at + 1))) return at;
  return std::string::npos;
}

bool is_url(const std::string& url) {
  if (!starts_with_scheme(url)) return false;
  const std::size_t rest = url.find("://") + 3;
  if (rest >= url.size()) return false;
  for (char c : url)
    if (std::isspace(static_cast<unsigned char>(c)) || std::iscntrl(static_cast<unsigned char>(c))) return false;
  return true;
}

}  // namespace

bool is_definition_name(const std::string& name) {
  if (name.empty()) return false;
  for (char c : name)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '.' && c != '_' && c != '-') return false;
  return true;
}

void check_lava_url(const std::string& option, const std::string& url) {
  if (redact_secrets(url) != url)
    throw UsageError(fmt::format("{} '{}': expected a URL without a password: a LAVA job is readable by "
                                 "everyone who can see it (give the lab the credentials instead)",
                                 option, redact_secrets(url)));
  if (!is_url(url)) throw UsageError(option, url, "an http://, https://, file:// or scp:// URL");
}

LavaKernel parse_lava_kernel(const std::string& option, const std::string& text) {
  const std::size_t eq = text.find('=');
  if (eq == std::string::npos || !is_definition_name(text.substr(0, eq)))
    throw UsageError(option, redact_secrets(text), kAllowed);
  LavaKernel k;
  k.name = text.substr(0, eq);
  const std::string urls = text.substr(eq + 1);
  const std::size_t colon = ramdisk_separator(urls);
  k.url = urls.substr(0, colon);
  if (colon != std::string::npos) k.ramdisk_url = urls.substr(colon + 1);
  if (redact_secrets(urls) != urls) check_lava_url(option, urls);
  // A kernel URL ending in ':' or holding a second "scheme://" is a ramdisk
  // URL that is missing or of a scheme LAVA does not download.
  const bool second_url = k.url.find("://", k.url.find("://") + 3) != std::string::npos;
  if (!is_url(k.url) || k.url.back() == ':' || second_url || (colon != std::string::npos && !is_url(k.ramdisk_url)))
    throw UsageError(option, text, kAllowed);
  return k;
}

}  // namespace schedlab::grid
