#include "spec/run_spec_io.h"

#include <fmt/format.h>

#include <algorithm>

#include "core/error.h"
#include "core/utf8.h"
#include "spec/json_values.h"

namespace schedlab {
namespace {

std::vector<std::string> strings_of(const ordered_json& j, const std::string& field) {
  if (!j.is_array()) throw UsageError(fmt::format("{}: expected a list of strings, found {}", field, j.type_name()));
  std::vector<std::string> out;
  for (const auto& v : j) {
    if (!v.is_string()) throw UsageError(fmt::format("{}: expected a list of strings, found {}", field, v.dump()));
    out.push_back(v.get<std::string>());
  }
  return out;
}

// The params of a result as option texts; keys the workload does not
// declare are refused unless they are ones it derives itself.
void param_texts(const Workload& w, const ordered_json& params, WorkloadOptions& options) {
  const WorkloadInfo& info = w.info();
  if (!params.is_object()) throw UsageError("workload.params: expected an object");
  for (const auto& spec : info.params)
    if (!params.contains(spec.name) && !spec.absent_text.empty()) options.set_text(spec.name, spec.absent_text);
  for (const auto& [name, value] : params.items()) {
    const std::string field = "workload.params." + name;
    const auto spec = std::find_if(info.params.begin(), info.params.end(),
                                   [&name = name](const ParamSpec& p) { return p.name == name; });
    if (spec == info.params.end()) {
      const auto& derived = info.derived_params;
      if (std::find(derived.begin(), derived.end(), name) != derived.end()) continue;
      throw UsageError(fmt::format("{}: not an option of workload {}", field, info.name));
    }
    if (spec->kind == ParamKind::kFlag) options.set_text(name, bool_of(value, field) ? "on" : "off");
    else if (spec->kind == ParamKind::kList || spec->kind == ParamKind::kCommand)
      options.set_list(name, strings_of(value, field));
    else options.set_text(name, text_of(value, field));
  }
}

}  // namespace

// Everything typed that the result file will carry must be UTF-8: refused
// here, before anything runs, rather than mangled after the measurement.
void require_utf8(const RunSpec& spec) {
  auto check = [](const std::string& option, const std::string& text) {
    if (!valid_utf8(text)) throw UsageError(option, printable(text), "UTF-8 text");
  };
  if (spec.options.label) check("--label", *spec.options.label);
  for (const auto& [name, value] : spec.params.values()) {
    if (const auto* text = std::get_if<std::string>(&value)) check("--" + name, *text);
    if (const auto* list = std::get_if<std::vector<std::string>>(&value))
      for (const auto& item : *list) check(name == "command" ? "-- COMMAND" : "--" + name, item);
  }
}

RunSpec make_run_spec(const Workload& w, const ProbeList& probes, const RunSettings& settings,
                      const WorkloadOptions& options) {
  check_probe_names(probes, settings.options.probes);
  RunSpec spec{&w, options.resolve(), settings.options, settings.scenario};
  require_utf8(spec);
  return spec;
}

RunSpec read_run_spec(const ResultSet& set, const Registries& registries) {
  const Workload* w = registries.workloads.find(set.workload.name);
  if (!w) throw UsageError(fmt::format("the result's workload '{}' is unknown to this schedlab", set.workload.name));
  try {
    const auto settings = set.scenario.requested.get<RunSettings>();
    WorkloadOptions options(w->info());
    param_texts(*w, ordered_json(set.workload.params), options);
    return make_run_spec(*w, registries.probes, settings, options);
  } catch (const UsageError& e) {
    throw UsageError(fmt::format("the result's spec: {}", e.what()));
  }
}

}  // namespace schedlab
