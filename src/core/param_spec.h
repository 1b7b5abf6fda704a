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

// What a value of an option is besides a setting.  A result file can carry
// any of them, so its values of the kinds kCode and kOutput are code to run
// or a file to write: `check` takes them from a baseline only with
// --trust-baseline (cli/baseline_trust.h), and the command line checks an
// output path like every other (cli/path_options.h).
enum class ParamRole {
  kSetting,       // changes what is measured; part of the spec
  kCode,          // a program, shell or interpreter, its arguments, environment or directory
  kOutput,        // a file schedlab writes ("-" = stdout); not part of the spec
  kPresentation,  // changes only how results are shown (a job name); not part of the spec
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
  // kProgram and kCommand are always kCode (param_role() says so).
  ParamRole role = ParamRole::kSetting;
  // An option of the mirrored tool schedlab does not implement: giving it
  // is refused with this reason (one line, exit 2).
  std::string unsupported;
};

// The option's role: its declared one, kCode for every program or command.
ParamRole param_role(const ParamSpec& spec);
// Whether the option is part of the workload spec (written into the result,
// compared between sets): settings and code.
bool in_spec(const ParamSpec& spec);

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

// The value an option has when it is not given: its default resolved as
// the command line would (a program found on PATH), false for a flag, an
// empty list.  A default that cannot be resolved here is its text.
ParamValue default_param_value(const ParamSpec& spec);

// The "what is allowed" part of the message, also shown in help.
std::string describe_allowed(const ParamSpec& spec);

void to_json(nlohmann::ordered_json& j, const Params& params);
void from_json(const nlohmann::ordered_json& j, Params& params);

}  // namespace schedlab
