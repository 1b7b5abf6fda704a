#include "spec/option_help.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <vector>

#include "input/numbers.h"

namespace schedlab {

std::string long_name_of(const std::string& names) {
  std::size_t from = 0;
  while (from < names.size()) {
    const std::size_t comma = std::min(names.find(',', from), names.size());
    std::string name = names.substr(from, comma - from);
    if (name.rfind("--", 0) == 0) return name;
    from = comma + 1;
  }
  return names;
}

std::string help_with_facts(const std::string& help, const std::string& range, const std::string& default_text,
                            const std::string& unit) {
  const bool percent = unit == "%";
  std::vector<std::string> facts;
  if (!range.empty()) facts.push_back(range + (unit.empty() || percent ? unit : " " + unit));
  // A percentage's default with its sign; a count's reads well bare ("default 1", not "default 1 copies").
  if (!default_text.empty())
    facts.push_back("default " + default_text + (percent && input::parse_real(default_text) ? "%" : ""));
  if (facts.empty()) return help;
  return fmt::format("{} ({})", help, fmt::join(facts, ", "));
}

}  // namespace schedlab
