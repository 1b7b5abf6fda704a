#include "cli/run_spec_io.h"

#include <fmt/format.h>

#include <algorithm>

#include "core/error.h"
#include "core/utf8.h"

namespace schedlab {
namespace {

constexpr const char* kRequested = "scenario.requested";

// A JSON scalar as the command line would spell it.
std::string text_of(const ordered_json& j, const std::string& field) {
  if (j.is_string()) return j.get<std::string>();
  if (j.is_number_unsigned()) return std::to_string(j.get<std::uint64_t>());
  if (j.is_number_integer()) return std::to_string(j.get<std::int64_t>());
  if (j.is_number_float()) return fmt::format("{}", j.get<double>());
  if (j.is_boolean()) return j.get<bool>() ? "true" : "false";
  throw UsageError(fmt::format("{}: expected a string or a number, found {}", field, j.type_name()));
}

bool bool_of(const ordered_json& j, const std::string& field) {
  if (!j.is_boolean()) throw UsageError(fmt::format("{}: expected true or false, found {}", field, j.dump()));
  return j.get<bool>();
}

std::vector<std::string> strings_of(const ordered_json& j, const std::string& field) {
  if (!j.is_array()) throw UsageError(fmt::format("{}: expected a list of strings, found {}", field, j.type_name()));
  std::vector<std::string> out;
  for (const auto& v : j) {
    if (!v.is_string()) throw UsageError(fmt::format("{}: expected a list of strings, found {}", field, v.dump()));
    out.push_back(v.get<std::string>());
  }
  return out;
}

// Applies requested[key], when present, through `apply`.
template <typename Apply>
void with(const ordered_json& r, const char* key, Apply apply) {
  if (r.contains(key)) apply(r.at(key), fmt::format("{}.{}", kRequested, key));
}

void scenario_texts(const ordered_json& r, RunOptionTexts& t) {
  with(r, "copies", [&](const auto& v, const auto& f) { t.copies = text_of(v, f); });
  with(r, "cpus", [&](const auto& v, const auto& f) {
    t.cpus = text_of(v, f);
    t.cpus_given = t.cpus != "inherited";
  });
  with(r, "pin_copies", [&](const auto& v, const auto& f) { t.pin_copies = bool_of(v, f); });
  with(r, "cgroup_depth", [&](const auto& v, const auto& f) { t.cgroup_depth = text_of(v, f); });
  with(r, "cgroup_parent", [&](const auto& v, const auto& f) { t.cgroup_parent = text_of(v, f); });
  with(r, "autogroup", [&](const auto& v, const auto& f) {
    const std::string a = text_of(v, f);
    t.autogroup = a == "unchanged" ? "" : a;
  });
  with(r, "setsid", [&](const auto& v, const auto& f) { t.setsid = bool_of(v, f); });
  with(r, "psi", [&](const auto& v, const auto& f) {
    const std::string p = text_of(v, f);
    t.psi = p == "unchanged" ? "" : p;
  });
  with(r, "sysctl", [&](const auto& v, const auto& f) {
    if (!v.is_object()) throw UsageError(f + ": expected {KEY: VALUE}");
    for (const auto& [key, value] : v.items()) t.sysctls.push_back(key + "=" + text_of(value, f + "." + key));
  });
  with(r, "sched_feature", [&](const auto& v, const auto& f) { t.sched_features = strings_of(v, f); });
  with(r, "policy", [&](const auto& v, const auto& f) {
    const std::string p = text_of(v, f);
    t.policy = p == "unchanged" ? "" : p;
  });
  with(r, "nice", [&](const auto& v, const auto& f) {
    const std::string n = text_of(v, f);
    t.nice = n == "unchanged" ? "" : n;
  });
  with(r, "allow_unapplied", [&](const auto& v, const auto& f) { t.allow_unapplied = bool_of(v, f); });
}

// A number of seconds as a duration the command line takes ("" for null).
std::string seconds_text(const ordered_json& v, const std::string& field) {
  return v.is_null() ? "" : text_of(v, field) + "s";
}

void run_texts(const ordered_json& r, RunOptionTexts& t) {
  with(r, "runs", [&](const auto& v, const auto& f) { t.runs = text_of(v, f); });
  with(r, "duration_s", [&](const auto& v, const auto& f) { t.duration = seconds_text(v, f); });
  with(r, "warmup_s", [&](const auto& v, const auto& f) { t.warmup = seconds_text(v, f); });
  with(r, "warmup_runs", [&](const auto& v, const auto& f) { t.warmup_runs = text_of(v, f); });
  with(r, "busy_threshold_pct", [&](const auto& v, const auto& f) { t.busy_threshold = text_of(v, f); });
  with(r, "probes", [&](const auto& v, const auto& f) { t.probes = text_of(v, f); });
  with(r, "profile_freq_hz", [&](const auto& v, const auto& f) { t.profile_freq = text_of(v, f); });
  with(r, "wait_idle_s", [&](const auto& v, const auto& f) {
    t.wait_idle = seconds_text(v, f);
    t.wait_idle_given = !v.is_null();
  });
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

RunSpec make_run_spec(const Workload& w, const RunOptionTexts& texts, const WorkloadOptions& options) {
  RunSpec spec{&w, options.resolve(), to_run_options(texts), to_scenario(texts)};
  require_utf8(spec);
  return spec;
}

RunOptionTexts texts_from_requested(const ordered_json& requested) {
  if (!requested.is_object()) throw UsageError(std::string(kRequested) + ": expected an object");
  RunOptionTexts t;
  scenario_texts(requested, t);
  run_texts(requested, t);
  return t;
}

RunSpec read_run_spec(const ResultSet& set, const WorkloadRegistry& workloads) {
  const Workload* w = workloads.find(set.workload.name);
  if (!w) throw UsageError(fmt::format("the result's workload '{}' is unknown to this schedlab", set.workload.name));
  try {
    const RunOptionTexts texts = texts_from_requested(set.scenario.requested);
    WorkloadOptions options(w->info());
    param_texts(*w, ordered_json(set.workload.params), options);
    return make_run_spec(*w, texts, options);
  } catch (const UsageError& e) {
    throw UsageError(fmt::format("the result's spec: {}", e.what()));
  }
}

}  // namespace schedlab
