#include "spec/option_values.h"

#include <cctype>
#include <cstdlib>
#include <cstring>

#include "core/error.h"
#include "core/whole_number.h"
#include "input/numbers.h"

namespace schedlab {
namespace {

bool is_word(const std::string& text, const char* extra) {
  for (char c : text)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && !std::strchr(extra, c)) return false;
  return !text.empty();
}

}  // namespace

int parse_count(const std::string& option, const std::string& text, int min, int max) {
  if (auto v = parse_whole_number(text, min, max)) return *v;
  throw UsageError(option, text, "a whole number from " + std::to_string(min) + " to " + std::to_string(max));
}

double parse_percent(const std::string& option, const std::string& text, int min, int max) {
  const auto v = input::parse_real(text);
  if (!v || !(*v >= min && *v <= max))
    throw UsageError(option, text, "a percentage from " + std::to_string(min) + " to " + std::to_string(max));
  return *v;
}

bool parse_switch(const std::string& option, const std::string& text) {
  for (const char* yes : {"on", "true", "yes", "1"})
    if (text == yes) return true;
  for (const char* no : {"off", "false", "no", "0"})
    if (text == no) return false;
  throw UsageError(option, text, "on or off");
}

std::pair<std::string, std::string> parse_sysctl(const std::string& option, const std::string& text) {
  const size_t eq = text.find('=');
  const std::string key = text.substr(0, eq);
  if (eq == std::string::npos || !is_word(key, ".-/") || eq + 1 >= text.size())
    throw UsageError(option, text, "KEY=VALUE with a dotted key as sysctl(8) takes it");
  return {key, text.substr(eq + 1)};
}

std::string parse_sched_feature(const std::string& option, const std::string& text) {
  if (!is_word(text, "")) throw UsageError(option, text, "NAME or NO_NAME, e.g. NO_TTWU_QUEUE");
  return text;
}

std::string parse_cgroup_parent(const std::string& option, const std::string& text) {
  if (text.empty() || text[0] != '/' || text.find("..") != std::string::npos)
    throw UsageError(option, text, "an absolute path inside the hierarchy, e.g. /");
  return text;
}

}  // namespace schedlab
