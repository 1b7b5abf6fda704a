// JSON form of result files (schema "schedlab.result/1"); see docs/result-file.md.
#include <fmt/format.h>

#include <climits>
#include <cmath>
#include <stdexcept>

#include "core/result.h"
#include "core/secrets.h"

namespace schedlab {
namespace {

const ordered_json& field(const ordered_json& j, const char* name, const std::string& where) {
  if (!j.is_object() || !j.contains(name))
    throw std::runtime_error(fmt::format("{} has no \"{}\"", where, name));
  return j.at(name);
}

Status parse_status(const std::string& text) {
  if (text == "PASS") return Status::kPass;
  if (text == "ERROR") return Status::kError;
  if (text == "SKIP") return Status::kSkip;
  throw std::runtime_error("unknown status \"" + text + "\"");
}

// A whole number in int's range (a run's index, block and sequence, a
// warning's run).  nlohmann's get<int>() of 1e300 converts a double outside
// that range, which is undefined behaviour (UBSan, via fuzz_result_file).
int whole_number(const ordered_json& v, const std::string& where) {
  const double d = v.is_number() ? v.get<double>() : std::nan("");
  if (!(d >= INT_MIN && d <= INT_MAX) || d != std::trunc(d))
    throw std::runtime_error(fmt::format("{}: expected a whole number, found {}", where, v.dump()));
  return static_cast<int>(d);
}

// A number in `range`: 1e300 squared is infinite, and 1.7e308 summed.
double real_number(const ordered_json& v, const std::string& where, const NumberRange& range) {
  if (!v.is_number()) throw std::runtime_error(fmt::format("{}: expected a number, found {}", where, v.type_name()));
  return checked_number(v.get<double>(), where, range);
}

int whole_number_or(const ordered_json& j, const char* name, int absent, const std::string& where) {
  return j.contains(name) ? whole_number(j.at(name), where + "." + name) : absent;
}

MetricSpec metric_from_json(const std::string& name, const ordered_json& j) {
  return MetricSpec{name, j.at("unit").get<std::string>(),
                    parse_better(j.at("better").get<std::string>()),
                    j.value("description", std::string())};
}

RunRecord run_from_json(const ordered_json& j, const std::string& where) {
  RunRecord run;
  run.index = whole_number(field(j, "index", where), where + ".index");
  run.started = j.value("started", std::string());
  run.block = whole_number_or(j, "block", 0, where);
  run.sequence = whole_number_or(j, "sequence", -1, where);
  run.boot = whole_number_or(j, "boot", 0, where);
  run.window_s = real_number(field(j, "window_s", where), where + ".window_s", kWindowRange);
  for (const auto& [name, value] : field(j, "values", where).items())
    run.values.set(name, real_number(value, fmt::format("{}.values.{}", where, name), kMetricValueRange));
  if (j.contains("copies")) run.copies = j.at("copies");
  if (j.contains("details")) run.details = j.at("details");
  return run;
}

ResultSet set_from_json(const ordered_json& j, const std::string& where) {
  ResultSet set;
  set.label = field(j, "label", where).get<std::string>();
  set.status = parse_status(field(j, "status", where).get<std::string>());
  set.error = j.value("error", std::string());
  set.tool = field(j, "tool", where);
  const auto& w = field(j, "workload", where);
  set.workload.name = field(w, "name", where + ".workload").get<std::string>();
  from_json(field(w, "params", where + ".workload"), set.workload.params);
  set.workload.primary_metric = field(w, "primary_metric", where + ".workload").get<std::string>();
  const auto& s = field(j, "scenario", where);
  set.scenario.requested = field(s, "requested", where + ".scenario");
  set.scenario.applied = field(s, "applied", where + ".scenario");
  set.scenario.not_applied = s.value("not_applied", ordered_json::array());
  set.environment = field(j, "environment", where);
  for (const auto& [name, spec] : field(j, "metrics", where).items())
    set.metrics.push_back(metric_from_json(name, spec));
  int i = 0;
  for (const auto& run : field(j, "runs", where))
    set.runs.push_back(run_from_json(run, fmt::format("{}.runs[{}]", where, i++)));
  i = 0;
  for (const auto& run : j.value("warmup_runs", ordered_json::array()))
    set.warmup_runs.push_back(run_from_json(run, fmt::format("{}.warmup_runs[{}]", where, i++)));
  set.argv = redact_argv(j.value("argv", std::vector<std::string>{}));  // masked on read too: older files
  set.emulated = j.value("emulated", false);
  set.guest = j.value("guest", ordered_json());
  if (j.contains("probes")) set.probes = j.at("probes");
  for (const auto& warning : j.value("warnings", ordered_json::array()))
    set.warnings.push_back({warning.at("kind").get<std::string>(),
                            whole_number_or(warning, "run", 0, where + ".warnings"),
                            warning.value("detail", std::string())});
  return set;
}

}  // namespace

void to_json(ordered_json& j, const ResultSet& set) {
  j = ordered_json::object();
  j["label"] = set.label;
  j["status"] = to_string(set.status);
  if (set.status != Status::kPass) j["error"] = set.error;
  if (set.emulated || !set.guest.is_null()) j["emulated"] = set.emulated;
  j["warnings"] = ordered_json::array();
  for (const auto& w : set.warnings)
    j["warnings"].push_back({{"kind", w.kind}, {"run", w.run}, {"detail", w.detail}});
  // The one way a set is written (result file, spool file, store row):
  // the command line it records leaves with its secrets masked.
  if (!set.argv.empty()) j["argv"] = redact_argv(set.argv);
  j["tool"] = set.tool;
  j["workload"] = {{"name", set.workload.name},
                   {"params", set.workload.params},
                   {"primary_metric", set.workload.primary_metric}};
  j["scenario"] = {{"requested", set.scenario.requested},
                   {"applied", set.scenario.applied},
                   {"not_applied", set.scenario.not_applied}};
  j["environment"] = set.environment;
  if (!set.guest.is_null()) j["guest"] = set.guest;
  if (!set.probes.is_null()) j["probes"] = set.probes;
  auto& metrics = j["metrics"] = ordered_json::object();
  for (const auto& m : set.metrics)
    metrics[m.name] = {{"unit", m.unit}, {"better", to_string(m.better)},
                       {"description", m.description}};
  auto run_json = [](const RunRecord& run) {
    ordered_json values = ordered_json::object();
    for (const auto& [name, value] : run.values.items()) values[name] = value;
    ordered_json r = {{"index", run.index}};
    if (run.block > 0) r["block"] = run.block;
    if (run.sequence >= 0) r["sequence"] = run.sequence;
    if (run.boot > 0) r["boot"] = run.boot;
    r["started"] = run.started;
    r["window_s"] = run.window_s;
    r["values"] = values;
    r["copies"] = run.copies;
    if (!run.details.empty()) r["details"] = run.details;
    return r;
  };
  auto& runs = j["runs"] = ordered_json::array();
  for (const auto& run : set.runs) runs.push_back(run_json(run));
  if (!set.warmup_runs.empty()) {
    auto& warmup = j["warmup_runs"] = ordered_json::array();
    for (const auto& run : set.warmup_runs) warmup.push_back(run_json(run));
  }
  auto& summary = j["summary"] = ordered_json::object();
  for (const auto& [name, s] : set.summarize())
    summary[name] = {{"n", s.n},           {"mean", s.mean}, {"median", s.median},
                     {"stddev", s.stddev}, {"min", s.min},   {"max", s.max},
                     {"cv_pct", s.cv_pct}};
}

void to_json(ordered_json& j, const ResultFile& file) {
  j = ordered_json::object();
  j["schema"] = kResultSchema;
  j["created"] = file.created;
  j["sets"] = ordered_json::array();
  for (const auto& set : file.sets) j["sets"].push_back(set);
}

ResultFile result_file_from_json(const ordered_json& j) {
  if (!j.is_object()) throw std::runtime_error("not a JSON object");
  if (!j.contains("schema"))
    throw std::runtime_error("no \"schema\" field: not a schedlab result file");
  const auto schema = j.at("schema").get<std::string>();
  if (schema != kResultSchema)
    throw std::runtime_error(
        fmt::format("schema \"{}\" is not one this version reads ({})", schema, kResultSchema));
  ResultFile file;
  file.created = j.value("created", std::string());
  int i = 0;
  for (const auto& set : field(j, "sets", "the file"))
    file.sets.push_back(set_from_json(set, fmt::format("sets[{}]", i++)));
  return file;
}

}  // namespace schedlab
