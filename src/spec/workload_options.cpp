#include "spec/workload_options.h"

#include <fmt/format.h>

#include "spec/option_values.h"
#include "core/error.h"

namespace schedlab {

WorkloadOptions::WorkloadOptions(const WorkloadInfo& info) : info_(info) {
  for (const auto& spec : info.params) {
    if (spec.kind == ParamKind::kFlag) flags_[spec.name] = false;
    else if (spec.kind == ParamKind::kList || spec.kind == ParamKind::kCommand) lists_[spec.name] = {};
    else texts_[spec.name] = spec.default_text;
  }
}

bool WorkloadOptions::set_text(const std::string& name, const std::string& value) {
  if (auto it = texts_.find(name); it != texts_.end()) {
    it->second = value;
    return true;
  }
  if (auto it = flags_.find(name); it != flags_.end()) {
    it->second = parse_switch("--vary " + name, value);
    return true;
  }
  return false;
}

bool WorkloadOptions::set_list(const std::string& name, const std::vector<std::string>& values) {
  auto it = lists_.find(name);
  if (it == lists_.end()) return false;
  it->second = values;
  return true;
}

// The mirrored tool's options schedlab does not implement: refused when
// given, saying why.
void refuse_unsupported(const ParamSpec& spec, const std::string& text) {
  if (spec.unsupported.empty() || text.empty()) return;
  throw UsageError(fmt::format("{}--{}: {}", spec.short_name ? fmt::format("-{}/", spec.short_name) : "",
                               spec.name, spec.unsupported));
}

Params WorkloadOptions::resolve() const {
  Params params;
  for (const auto& spec : info_.params) {
    if (spec.kind == ParamKind::kFlag) params.set(spec.name, flags_.at(spec.name));
    else if (spec.kind == ParamKind::kList || spec.kind == ParamKind::kCommand)
      params.set(spec.name, parse_param_list(spec, lists_.at(spec.name)));
    else {
      refuse_unsupported(spec, texts_.at(spec.name));
      params.set(spec.name, parse_param(spec, texts_.at(spec.name)));
    }
  }
  return params;
}

}  // namespace schedlab
