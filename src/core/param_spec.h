#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

namespace schedlab {

// The kinds of workload option; each decides how the text is checked.
enum class ParamKind {
  kInteger,  // whole number in [min, max]
  kChoice,   // one of `choices`
  kText,     // any string
  kProgram,  // an executable file, found on PATH when it has no '/'
  kFlag,     // present or not
  kList,     // repeatable option; every value kept, in order
  kCommand,  // the words after "--": a program (found on PATH) and its arguments
};

// One workload option, declared once: the CLI, help, validation, defaults
// and the result file all derive from this (style rule 2).
struct ParamSpec {
  std::string name;           // kebab-case option name without "--"
  ParamKind kind = ParamKind::kText;
  std::string default_text;   // "" for no default (kText/kFlag)
  std::string help;
  std::int64_t min = 0;       // kInteger only
  std::int64_t max = 0;
  std::vector<std::string> choices;  // kChoice only
  char short_name = 0;               // one-letter alias ("-m"), for tools whose options we mirror
  // What a result file written before this option existed implies (the old
  // behaviour), when that differs from the default; "" = the default.
  std::string absent_text;
  // More long names, for tools whose spellings we mirror ("cache_footprint").
  std::vector<std::string> aliases = {};
  // Output only (schbench's -j FILE): not part of the workload spec, so not
  // written into the result nor compared between sets.
  bool in_spec = true;
  // An option of the mirrored tool schedlab does not implement: giving it
  // is refused with this reason (one line, exit 2).
  std::string unsupported;
};

using ParamValue = std::variant<std::int64_t, std::string, bool, std::vector<std::string>>;

// Resolved workload options: every declared name has a value.
class Params {
 public:
  void set(const std::string& name, ParamValue value) { values_[name] = std::move(value); }
  void erase(const std::string& name) { values_.erase(name); }
  std::int64_t integer(const std::string& name) const;
  const std::string& text(const std::string& name) const;
  bool flag(const std::string& name) const;
  const std::vector<std::string>& list(const std::string& name) const;
  const std::map<std::string, ParamValue>& values() const { return values_; }

 private:
  const ParamValue& at(const std::string& name) const;
  std::map<std::string, ParamValue> values_;
};

// Checks and converts `text` for `spec`; throws UsageError naming the option,
// the value and what is allowed.
ParamValue parse_param(const ParamSpec& spec, const std::string& text);
// The same for kList and kCommand values.
ParamValue parse_param_list(const ParamSpec& spec, const std::vector<std::string>& values);

// The "what is allowed" part of the message, also shown in help.
std::string describe_allowed(const ParamSpec& spec);

void to_json(nlohmann::ordered_json& j, const Params& params);
void from_json(const nlohmann::ordered_json& j, Params& params);

}  // namespace schedlab
