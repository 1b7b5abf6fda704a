#include "spec/run_settings.h"

#include <fmt/format.h>

#include "core/cpu_list.h"
#include "core/duration.h"
#include "core/error.h"
#include "scenario/sched_policy.h"
#include "spec/option_values.h"
#include "spec/json_values.h"
#include "sys/affinity.h"

namespace schedlab {
namespace {

constexpr const char* kRequested = "scenario.requested.";

double seconds_of(const ordered_json& v, const std::string& field) {
  if (!v.is_number()) throw UsageError(fmt::format("{}: expected a number of seconds, found {}", field, v.dump()));
  return v.get<double>();
}

// "on"/"off", or "unchanged" for nullopt.
std::optional<bool> switch_of(const ordered_json& v, const std::string& field) {
  const std::string text = text_of(v, field);
  if (text == "unchanged") return std::nullopt;
  return parse_switch(field, text);
}

// Calls `read` with the value and its name in messages, the field and the
// option it records ("scenario.requested.runs (--runs)"), when present.
template <typename Read>
void with(const ordered_json& j, const char* key, const char* option, Read read) {
  if (!j.contains(key)) return;
  const std::string field = fmt::format("{}{} ({})", kRequested, key, option);
  read(j.at(key), field);
}

void read_scenario(const ordered_json& j, ScenarioRequest& r) {
  with(j, "copies", "--copies", [&](auto& v, auto& f) { r.copies = parse_copies(f, text_of(v, f)); });
  with(j, "cpus", "--cpus", [&](auto& v, auto& f) {
    const std::string text = text_of(v, f);
    if (text != "inherited") r.cpus = parse_cpu_selection(f, text, sys::affinity_of(0));
  });
  with(j, "pin_copies", "--pin-copies", [&](auto& v, auto& f) { r.pin_copies = bool_of(v, f); });
  with(j, "cgroup_depth", "--cgroup-depth", [&](auto& v, auto& f) { r.cgroup_depth = parse_count(f, text_of(v, f), 0, 64); });
  with(j, "cgroup_parent", "--cgroup-parent", [&](auto& v, auto& f) { r.cgroup_parent = parse_cgroup_parent(f, text_of(v, f)); });
  with(j, "autogroup", "--autogroup", [&](auto& v, auto& f) { r.autogroup = switch_of(v, f); });
  with(j, "psi", "--psi", [&](auto& v, auto& f) { r.psi = switch_of(v, f); });
  with(j, "setsid", "--setsid", [&](auto& v, auto& f) { r.setsid = bool_of(v, f); });
  with(j, "sysctl", "--sysctl", [&](auto& v, auto& f) {
    if (!v.is_object()) throw UsageError(f + ": expected {KEY: VALUE}");
    for (const auto& [key, value] : v.items())
      r.sysctls.push_back(parse_sysctl(f, fmt::format("{}={}", key, text_of(value, fmt::format("{}.{}", f, key)))));
  });
  with(j, "sched_feature", "--sched-feature", [&](auto& v, auto& f) {
    if (!v.is_array()) throw UsageError(f + ": expected a list of feature names");
    for (const auto& name : v) r.sched_features.push_back(parse_sched_feature(f, text_of(name, f)));
  });
  with(j, "policy", "--policy", [&](auto& v, auto& f) {
    const std::string text = text_of(v, f);
    if (text == "unchanged") return;
    const auto attr = parse_policy(f, text);
    r.policy = attr.policy;
    r.priority = attr.priority;
  });
  with(j, "nice", "--nice", [&](auto& v, auto& f) {
    const std::string text = text_of(v, f);
    if (text != "unchanged") r.nice = parse_nice(f, text);
  });
  with(j, "allow_unapplied", "--allow-unapplied", [&](auto& v, auto& f) { r.allow_unapplied = bool_of(v, f); });
}

void read_options(const ordered_json& j, RunOptions& o) {
  with(j, "runs", "--runs", [&](auto& v, auto& f) { o.runs = parse_count(f, text_of(v, f), 1, RunOptions::kMaxRuns); });
  with(j, "duration_s", "--duration", [&](auto& v, auto& f) {
    if (!v.is_null()) o.duration = duration_from_seconds(f, v.dump(), seconds_of(v, f), false);
  });
  with(j, "warmup_s", "--warmup", [&](auto& v, auto& f) { o.warmup = duration_from_seconds(f, v.dump(), seconds_of(v, f), true); });
  with(j, "warmup_runs", "--warmup-runs", [&](auto& v, auto& f) { o.warmup_runs = parse_count(f, text_of(v, f), 0, 1000); });
  with(j, "busy_threshold_pct", "--busy-threshold", [&](auto& v, auto& f) { o.busy_threshold_pct = parse_percent(f, text_of(v, f)); });
  with(j, "wait_idle_s", "--wait-idle", [&](auto& v, auto& f) {
    if (!v.is_null()) o.wait_idle = duration_from_seconds(f, v.dump(), seconds_of(v, f), false);
  });
  with(j, "probes", "--probes", [&](auto& v, auto& f) { o.probes = parse_probe_selection(text_of(v, f)); });
  with(j, "profile_freq_hz", "--profile-freq", [&](auto& v, auto& f) {
    o.profile_freq_hz =
        static_cast<std::uint32_t>(parse_count(f, text_of(v, f), 1, static_cast<int>(RunOptions::kMaxProfileFreqHz)));
  });
}

}  // namespace

void to_json(ordered_json& j, const RunSettings& s) {
  j = requested_json(s.scenario);
  const RunOptions& o = s.options;
  j["runs"] = o.runs;
  j["duration_s"] = o.duration ? ordered_json(to_seconds(*o.duration)) : ordered_json(nullptr);
  j["warmup_s"] = to_seconds(o.warmup);
  j["warmup_runs"] = o.warmup_runs;
  j["busy_threshold_pct"] = o.busy_threshold_pct;
  j["wait_idle_s"] = o.wait_idle ? ordered_json(to_seconds(*o.wait_idle)) : ordered_json(nullptr);
  j["probes"] = o.probes.text;
  j["profile_freq_hz"] = o.profile_freq_hz;
}

void from_json(const ordered_json& j, RunSettings& s) {
  if (!j.is_object()) throw UsageError("scenario.requested: expected an object");
  s = RunSettings{};
  read_scenario(j, s.scenario);
  read_options(j, s.options);
  check_settings(s);
}

void check_settings(const RunSettings& s) {
  const ScenarioRequest& r = s.scenario;
  if (r.psi && r.cgroup_depth < 1)
    throw UsageError("--psi", *r.psi ? "on" : "off",
                     "with --cgroup-depth 1 or more (cgroup.pressure is written on the levels of the run's own "
                     "cgroup chain)");
}

}  // namespace schedlab
