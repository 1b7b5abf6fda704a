#include "store/set_document.h"

#include <cstdio>
#include <ctime>

#include "core/descriptive.h"
#include "core/json_leaves.h"
#include "stats/mean_interval.h"
#include "core/secrets.h"
#include "core/sha256.h"
#include "spec/spec_identity.h"
#include "store/kernel_version.h"
#include "workloads/builtin.h"

namespace schedlab::store {
namespace {

// The parsed form, through the one validating reader of result files.
// (Not {"sets", {doc.set}}: nlohmann reads a braced ["key", value] as an
// object member.)
ResultSet parse_set(const SetDocument& doc) {
  return result_file_from_json(result_file_json({doc})).sets.at(0);
}

// A run's number, at the run's top level or among its values (where a
// newer schedlab puts foreign_cpu_pct and loadavg_1m).
std::optional<double> run_number(const ordered_json& run, const char* key) {
  if (run.contains(key) && run.at(key).is_number()) return run.at(key).get<double>();
  const auto& values = run.value("values", ordered_json::object());
  if (values.contains(key) && values.at(key).is_number()) return values.at(key).get<double>();
  return std::nullopt;
}

std::optional<int> run_int(const ordered_json& run, const char* key) {
  if (run.contains(key) && run.at(key).is_number_integer()) return run.at(key).get<int>();
  return std::nullopt;
}

RunColumns run_columns(const ordered_json& run, const RunRecord& parsed) {
  RunColumns r;
  r.index = parsed.index;
  r.sequence = run_int(run, "sequence");
  r.block = run_int(run, "block");
  r.started = parsed.started;
  r.started_epoch = epoch_seconds(parsed.started);
  r.window_s = parsed.window_s;
  r.foreign_cpu_pct = run_number(run, "foreign_cpu_pct");
  r.loadavg_1m = run_number(run, "loadavg_1m");
  r.values = parsed.values.items();
  return r;
}

void primary_columns(SetColumns& c, const ResultSet& set) {
  c.primary_metric = set.workload.primary_metric;
  if (const MetricSpec* spec = find_metric(set.metrics, c.primary_metric)) {
    c.primary_unit = spec->unit;
    c.primary_better = to_string(spec->better);
  }
  std::vector<double> xs;
  for (const auto& run : set.runs)
    if (auto v = run.values.get(c.primary_metric)) xs.push_back(*v);
  if (xs.empty()) return;
  c.primary_mean = stats::mean(xs);
  c.primary_stddev = stats::sample_stddev(xs);
  c.primary_ci95 = stats::mean_interval_halfwidth(xs);
}

void optional_columns(SetColumns& c, const ordered_json& set) {
  for (const auto& w : set.value("warnings", ordered_json::array()))
    c.warnings.push_back(w.is_string() ? w.get<std::string>() : w.dump());
  if (set.contains("argv") && set.at("argv").is_array()) c.argv = set.at("argv").dump();
}

}  // namespace

std::optional<double> epoch_seconds(const std::string& iso) {
  std::tm tm{};
  int consumed = 0;
  if (std::sscanf(iso.c_str(), "%4d-%2d-%2d%n", &tm.tm_year, &tm.tm_mon, &tm.tm_mday, &consumed) != 3 ||
      consumed != 10)
    return std::nullopt;
  double fraction = 0;
  if (iso.size() > 10) {
    double seconds = 0;
    if (std::sscanf(iso.c_str() + 10, "T%2d:%2d:%lf", &tm.tm_hour, &tm.tm_min, &seconds) != 3)
      return std::nullopt;
    tm.tm_sec = static_cast<int>(seconds);
    fraction = seconds - tm.tm_sec;
  }
  tm.tm_year -= 1900;
  tm.tm_mon -= 1;
  return static_cast<double>(timegm(&tm)) + fraction;
}

std::string stored_spec_id(const SetDocument& doc, const WorkloadRegistry& workloads) {
  return spec_id(parse_set(doc), workloads);
}

SetColumns extract_columns(const SetDocument& doc, const WorkloadRegistry& workloads) {
  const ResultSet set = parse_set(doc);
  SetColumns c;
  c.content_hash = sha256_hex(doc.set.dump());
  c.created = doc.created;
  c.started = !set.runs.empty() && !set.runs.front().started.empty() ? set.runs.front().started : doc.created;
  c.started_epoch = epoch_seconds(c.started);
  c.host = text_at(set.environment, {"system", "hostname"});
  c.kernel = text_at(set.environment, {"kernel", "release"});
  c.kernel_commit = kernel_commit(c.kernel);
  c.workload = set.workload.name;
  c.label = set.label;
  c.status = to_string(set.status);
  c.error = set.error;
  c.runs = static_cast<int>(set.runs.size());
  c.tool_version = text_at(set.tool, {"version"});
  c.tool_git = text_at(set.tool, {"git"});
  c.metrics = set.metrics;
  c.spec_id = spec_id(set, workloads);
  primary_columns(c, set);
  optional_columns(c, doc.set);
  const auto& runs = doc.set.at("runs");
  for (size_t i = 0; i < set.runs.size(); ++i) c.run_rows.push_back(run_columns(runs.at(i), set.runs[i]));
  return c;
}

void mask_recorded_argv(ordered_json& set) {
  if (!set.is_object() || !set.contains("argv") || !set.at("argv").is_array()) return;
  for (const auto& word : set.at("argv"))
    if (!word.is_string()) return;  // not an argv the reader accepts: refused there
  set["argv"] = redact_argv(set.at("argv").get<std::vector<std::string>>());
}

std::vector<SetDocument> documents_of(const ordered_json& file) {
  result_file_from_json(file);  // throws on the first problem
  std::vector<SetDocument> docs;
  const std::string created = file.value("created", std::string());
  for (const auto& set : file.at("sets")) docs.push_back({set, created});
  return docs;
}

ordered_json result_file_json(const std::vector<SetDocument>& docs) {
  ordered_json sets = ordered_json::array();
  for (const auto& d : docs) sets.push_back(d.set);
  return {{"schema", kResultSchema}, {"created", docs.empty() ? std::string() : docs.front().created},
          {"sets", sets}};
}

}  // namespace schedlab::store
