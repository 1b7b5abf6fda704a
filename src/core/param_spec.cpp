#include "core/param_spec.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <limits>

#include "core/error.h"
#include "core/whole_number.h"

namespace schedlab {

ParamRole param_role(const ParamSpec& spec) {
  if (spec.kind == ParamKind::kProgram || spec.kind == ParamKind::kCommand) return ParamRole::kCode;
  return spec.role;
}

bool in_spec(const ParamSpec& spec) {
  const ParamRole role = param_role(spec);
  return role == ParamRole::kSetting || role == ParamRole::kCode;
}

namespace {

std::string resolve_program(const ParamSpec& spec, const std::string& text) {
  namespace fs = std::filesystem;
  auto executable = [](const fs::path& p) {
    std::error_code ec;
    return fs::is_regular_file(p, ec) && ::access(p.c_str(), X_OK) == 0;
  };
  const std::string option = "--" + spec.name;
  if (text.find('/') != std::string::npos) {
    if (!executable(text))
      throw UsageError(option, text, "an executable file (this one does not exist or cannot be run)");
    return fs::absolute(text).lexically_normal().string();
  }
  const char* path = std::getenv("PATH");
  std::string_view dirs = path ? path : "/usr/bin:/bin";
  for (size_t pos = 0; pos <= dirs.size();) {
    size_t colon = std::min(dirs.find(':', pos), dirs.size());
    fs::path candidate = fs::path(std::string(dirs.substr(pos, colon - pos))) / text;
    if (executable(candidate)) return fs::absolute(candidate).lexically_normal().string();
    pos = colon + 1;
  }
  throw UsageError(option, text, "an executable file or a program on PATH (not found on PATH)");
}

}  // namespace

const ParamValue& Params::at(const std::string& name) const {
  auto it = values_.find(name);
  if (it == values_.end()) throw std::logic_error("undeclared workload parameter: " + name);
  return it->second;
}
std::int64_t Params::integer(const std::string& name) const { return std::get<std::int64_t>(at(name)); }
const std::string& Params::text(const std::string& name) const { return std::get<std::string>(at(name)); }
bool Params::flag(const std::string& name) const { return std::get<bool>(at(name)); }
const std::vector<std::string>& Params::list(const std::string& name) const {
  return std::get<std::vector<std::string>>(at(name));
}

std::string describe_allowed(const ParamSpec& spec) {
  switch (spec.kind) {
    case ParamKind::kInteger:
      return fmt::format("a whole number from {} to {}", spec.min, spec.max);
    case ParamKind::kChoice: return fmt::format("one of {}", fmt::join(spec.choices, ", "));
    case ParamKind::kProgram: return "an executable file or a program on PATH";
    case ParamKind::kFlag: return "no value";
    case ParamKind::kList: return "a value; repeatable";
    case ParamKind::kCommand: return "a program and its arguments after --";
    case ParamKind::kText: break;
  }
  return "text";
}

ParamValue parse_param(const ParamSpec& spec, const std::string& text) {
  const std::string option = "--" + spec.name;
  switch (spec.kind) {
    case ParamKind::kInteger:
      if (auto v = parse_whole_number(text, spec.min, spec.max)) return *v;
      throw UsageError(option, text, describe_allowed(spec));
    case ParamKind::kChoice:
      for (const auto& c : spec.choices)
        if (c == text) return text;
      throw UsageError(option, text, describe_allowed(spec));
    case ParamKind::kProgram: return resolve_program(spec, text);
    case ParamKind::kFlag: return text == "true";
    case ParamKind::kList:
    case ParamKind::kCommand: return parse_param_list(spec, {text});
    case ParamKind::kText: break;
  }
  return text;
}

ParamValue default_param_value(const ParamSpec& spec) {
  switch (spec.kind) {
    case ParamKind::kFlag: return false;
    case ParamKind::kList:
    case ParamKind::kCommand: return std::vector<std::string>{};
    default: break;
  }
  if (spec.default_text.empty()) return spec.default_text;
  try {
    return parse_param(spec, spec.default_text);
  } catch (const UsageError&) {
    return spec.default_text;  // a default program missing on this machine
  }
}

ParamValue parse_param_list(const ParamSpec& spec, const std::vector<std::string>& values) {
  if (spec.kind != ParamKind::kCommand) return values;
  if (values.empty())
    throw UsageError("-- PROGRAM: missing; give the command after --, e.g. -- make -C src test");
  std::vector<std::string> command = values;
  ParamSpec program_spec{.name = "", .kind = ParamKind::kProgram};
  try {
    command[0] = resolve_program(program_spec, values[0]);
  } catch (const UsageError&) {
    throw UsageError("-- " + values[0] + ": not an executable file nor a program on PATH");
  }
  return command;
}

void to_json(nlohmann::ordered_json& j, const Params& params) {
  j = nlohmann::ordered_json::object();
  for (const auto& [name, value] : params.values())
    std::visit([&j, &name = name](const auto& v) { j[name] = v; }, value);
}

// Values of a type no option has (a float, an object, a list of non-strings)
// are kept as their JSON text, so that reading a file never fails here and
// the option parsers refuse them with a message naming the option.
void from_json(const nlohmann::ordered_json& j, Params& params) {
  for (const auto& [name, value] : j.items()) {
    if (value.is_boolean()) params.set(name, value.get<bool>());
    // A whole number parsed from text is unsigned when not negative: the
    // same number as the int64 a run records, so the same spec.
    else if (value.is_number_unsigned() && value.get<std::uint64_t>() <= std::numeric_limits<std::int64_t>::max())
      params.set(name, static_cast<std::int64_t>(value.get<std::uint64_t>()));
    else if (value.is_number_integer() && !value.is_number_unsigned()) params.set(name, value.get<std::int64_t>());
    else if (value.is_string()) params.set(name, value.get<std::string>());
    else if (value.is_array() && std::all_of(value.begin(), value.end(), [](const auto& v) { return v.is_string(); }))
      params.set(name, value.get<std::vector<std::string>>());
    else params.set(name, value.dump());
  }
}

}  // namespace schedlab
