#include "runner/spec_trust.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "core/error.h"

namespace schedlab {
namespace {

std::string shown(const ParamValue& value) {
  if (const auto* text = std::get_if<std::string>(&value)) return fmt::format("'{}'", *text);
  if (const auto* list = std::get_if<std::vector<std::string>>(&value))
    return fmt::format("'{}'", fmt::join(*list, " "));
  if (const auto* flag = std::get_if<bool>(&value)) return *flag ? "on" : "off";
  return std::to_string(std::get<std::int64_t>(value));
}

// What a code or output option asks for, or "" when it holds its default
// (what the tool itself would run or write without being told).
std::string ask_of(const ParamSpec& p, const Params& params) {
  const auto it = params.values().find(p.name);
  if (it == params.values().end()) return "";
  const ParamRole role = param_role(p);
  if (role != ParamRole::kCode && role != ParamRole::kOutput) return "";
  if (it->second == default_param_value(p)) return "";
  if (role == ParamRole::kOutput) return fmt::format("writes {} (--{})", shown(it->second), p.name);
  if (p.kind == ParamKind::kCommand) return fmt::format("runs the command {}", shown(it->second));
  return fmt::format("runs with --{} {}", p.name, shown(it->second));
}

}  // namespace

std::vector<std::string> untrusted_asks(const RunSpec& spec) {
  std::vector<std::string> asks;
  for (const auto& p : spec.workload->info().params)
    if (auto ask = ask_of(p, spec.params); !ask.empty()) asks.push_back(std::move(ask));
  for (const auto& [key, value] : spec.scenario.sysctls) asks.push_back(fmt::format("sets sysctl {}={}", key, value));
  for (const auto& f : spec.scenario.sched_features) asks.push_back("sets sched feature " + f);
  return asks;
}

void refuse_untrusted(const RunSpec& spec, const std::string& file) {
  const auto asks = untrusted_asks(spec);
  if (asks.empty()) return;
  throw UsageError(fmt::format("{}: the baseline {}; a baseline file is code: add --trust-baseline to "
                               "run it as written",
                               file, fmt::join(asks, ", ")));
}

}  // namespace schedlab
