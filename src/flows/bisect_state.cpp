#include "flows/bisect_state.h"

#include <filesystem>

#include "core/error.h"
#include "input/files.h"
#include "input/json_document.h"
#include "sys/safe_files.h"

namespace schedlab {
namespace {

constexpr const char* kSchema = "schedlab.bisect/1";

ordered_json optional_number(const std::optional<double>& v) { return v ? ordered_json(*v) : ordered_json(nullptr); }

std::optional<double> number_or_none(const ordered_json& j, const char* key) {
  const auto v = j.value(key, ordered_json());
  if (v.is_number()) return v.get<double>();
  return std::nullopt;
}

ordered_json step_json(const BisectStep& s) {
  return {{"commit", s.commit}, {"subject", s.subject}, {"verdict", s.verdict}, {"why", s.why},
          {"change_pct", optional_number(s.change_pct)}, {"low_pct", optional_number(s.low_pct)},
          {"high_pct", optional_number(s.high_pct)}, {"boots", s.boots}, {"build_s", s.build_s},
          {"judge_s", s.judge_s}, {"emulated", s.emulated}, {"counted", s.counted}};
}

BisectStep step_from(const ordered_json& j) {
  BisectStep s;
  s.commit = j.at("commit").get<std::string>();
  s.subject = j.value("subject", "");
  s.verdict = j.at("verdict").get<std::string>();
  s.why = j.value("why", "");
  s.change_pct = number_or_none(j, "change_pct");
  s.low_pct = number_or_none(j, "low_pct");
  s.high_pct = number_or_none(j, "high_pct");
  s.boots = j.value("boots", 0);
  s.build_s = j.value("build_s", 0.0);
  s.judge_s = j.value("judge_s", 0.0);
  s.emulated = j.value("emulated", false);
  s.counted = j.value("counted", false);
  return s;
}

}  // namespace

ordered_json to_json(const BisectState& s) {
  ordered_json steps = ordered_json::array();
  for (const auto& step : s.steps) steps.push_back(step_json(step));
  return {{"schema", kSchema}, {"tree", s.tree}, {"original_head", s.original_head}, {"good", s.good},
          {"bad", s.bad}, {"spec", s.spec}, {"build_cmd", s.build_cmd}, {"config", s.config},
          {"build_dir", s.build_dir}, {"work_dir", s.work_dir}, {"jobs", s.jobs}, {"threshold", s.threshold},
          {"max_boots", s.max_boots}, {"emulated_ok", s.emulated_ok},
          {"side_by_side", s.side_by_side ? ordered_json(*s.side_by_side) : ordered_json(nullptr)}, {"vcpus", s.vcpus}, {"memory", s.memory},
          {"accel", s.accel}, {"clock", s.clock}, {"good_image", s.good_image}, {"started", s.started}, {"steps", steps}};
}

BisectState bisect_state_from_json(const ordered_json& j, const std::string& path) {
  if (!j.is_object() || j.value("schema", "") != kSchema)
    throw UsageError(path + ": not a schedlab bisect state (" + kSchema + ")");
  try {
    BisectState s;
    s.tree = j.at("tree").get<std::string>();
    s.original_head = j.at("original_head").get<std::string>();
    s.good = j.at("good").get<std::string>();
    s.bad = j.at("bad").get<std::string>();
    s.spec = j.at("spec").get<std::vector<std::string>>();
    s.build_cmd = j.value("build_cmd", "");
    s.config = j.value("config", "");
    s.build_dir = j.value("build_dir", "");
    s.work_dir = j.at("work_dir").get<std::string>();
    s.jobs = j.value("jobs", 1);
    s.threshold = j.value("threshold", 5.0);
    s.max_boots = j.value("max_boots", 24);
    s.emulated_ok = j.value("emulated_ok", false);
    if (j.contains("side_by_side") && !j.at("side_by_side").is_null()) s.side_by_side = j.at("side_by_side").get<bool>();
    s.vcpus = j.value("vcpus", "");
    s.memory = j.value("memory", "");
    s.accel = j.value("accel", "");
    s.clock = j.value("clock", "");
    s.good_image = j.value("good_image", "");
    s.started = j.value("started", false);
    for (const auto& step : j.value("steps", ordered_json::array())) s.steps.push_back(step_from(step));
    return s;
  } catch (const nlohmann::json::exception& e) {
    throw UsageError(path + ": a malformed schedlab bisect state: " + e.what());
  }
}

std::string bisect_state_path(const std::string& git_dir) { return git_dir + "/schedlab-bisect.json"; }

std::optional<BisectState> read_bisect_state(const std::string& git_dir) {
  const std::string path = bisect_state_path(git_dir);
  const auto text = input::read_optional_file(path, input::kBisectState);
  if (!text) return std::nullopt;
  return bisect_state_from_json(input::parse_json_document(*text, path, input::kBisectState.max_bytes), path);
}

void write_bisect_state(const std::string& git_dir, const BisectState& s) {
  sys::write_file_atomically(bisect_state_path(git_dir), to_json(s).dump(2) + "\n", 0644);
}

void remove_bisect_state(const std::string& git_dir) {
  std::error_code ec;
  std::filesystem::remove(bisect_state_path(git_dir), ec);
}

}  // namespace schedlab
