#include "grid/lava_log.h"

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <stdexcept>

#include "input/yaml_document.h"

namespace schedlab::grid {
namespace {

constexpr const char* kBootCommand = "Boot command: ";
constexpr const char* kStartRun = "<LAVA_SIGNAL_STARTRUN ";
constexpr const char* kEndRun = "<LAVA_SIGNAL_ENDRUN ";

// A line that is a record: nullopt for one that does not look like one
// (a blank, the list's "---"); throws YAML::Exception for one that looks
// like one ('{') and is not a {dt, lvl, msg} mapping.
std::optional<YAML::Node> record_of(std::string line) {
  if (line.rfind("- ", 0) == 0) line.erase(0, 2);
  if (line.empty() || line[0] != '{') return std::nullopt;
  YAML::Node node;
  try {
    node = input::load_yaml_document(line, "a log record", {.max_bytes = input::kLavaLog.max_bytes});
  } catch (const input::InputError& e) {  // malformed, or too large to be one: named and skipped
    throw YAML::Exception(YAML::Mark::null_mark(), e.what());
  }
  if (!node.IsMap() || !node["lvl"] || !node["msg"]) throw YAML::Exception(YAML::Mark::null_mark(), "no lvl and msg");
  return node;
}

std::optional<RecordedCase> case_of(const YAML::Node& msg) {
  if (!msg.IsMap() || !msg["definition"] || !msg["case"] || !msg["result"]) return std::nullopt;
  RecordedCase c;
  c.definition = msg["definition"].as<std::string>();
  c.name = msg["case"].as<std::string>();
  c.result = msg["result"].as<std::string>();
  try {
    if (msg["measurement"] && !msg["measurement"].IsNull()) c.measurement = msg["measurement"].as<double>();
  } catch (const YAML::Exception&) {
  }
  if (msg["units"] && msg["units"].IsScalar()) c.units = msg["units"].as<std::string>();
  return c;
}

// A console line as the device printed it.  The dispatcher's ShellLogger
// (lava_dispatcher/shell.py, 2023.01) writes every '"' of the console as
// '\"' before the line becomes a record ("escape double quotes for YAML
// syntax"), and escapes nothing else, so each '"' of such a line follows an
// inserted backslash: dropping the character before every '"' restores the
// line exactly.  A line with a '"' that no backslash precedes was not
// escaped (another LAVA, or a log written by hand) and is taken as it is.
std::string console_line(const std::string& logged) {
  for (std::size_t q = logged.find('"'); q != std::string::npos; q = logged.find('"', q + 1))
    if (q == 0 || logged[q - 1] != '\\') return logged;
  std::string line;
  line.reserve(logged.size());
  for (std::size_t i = 0; i < logged.size(); ++i)
    if (!(logged[i] == '\\' && i + 1 < logged.size() && logged[i + 1] == '"')) line += logged[i];
  return line;
}

// The test run a STARTRUN signal opens ("<LAVA_SIGNAL_STARTRUN
// 0_schedlab-boot1-block1-a 2_1.1.3.1>"), "" for ENDRUN, nullopt for
// another line.
std::optional<std::string> run_signal(const std::string& line, LavaLog& log) {
  if (line.find(kEndRun) != std::string::npos) return "";
  const std::size_t at = line.find(kStartRun);
  if (at == std::string::npos) return std::nullopt;
  log.runs_signalled = true;
  const std::size_t from = at + std::string(kStartRun).size();
  return line.substr(from, line.find_first_of(" >", from) - from);
}

// LAVA's own results: the test definitions its deploy loaded, the job's end.
void lava_result(const YAML::Node& msg, LavaLog& log) {
  const std::string name = msg["case"].as<std::string>();
  if (name == "job") log.job_ended = true;
  if (name != "test-overlay" || !msg["extra"] || !msg["extra"]["name"]) return;
  const std::string definition = msg["extra"]["name"].as<std::string>();
  if (std::find(log.planned.begin(), log.planned.end(), definition) == log.planned.end())
    log.planned.push_back(definition);
}

void take_record(const YAML::Node& record, LavaLog& log, ResultBlockReader& blocks) {
  const std::string level = record["lvl"].as<std::string>();
  const YAML::Node msg = record["msg"];
  if (level == "target" && msg.IsScalar()) {
    const std::string line = console_line(msg.Scalar());
    if (const auto run = run_signal(line, log)) blocks.in_run(*run);
    blocks.line(line);
  } else if (level == "results" && msg.IsMap() && msg["definition"] && msg["case"] &&
             msg["definition"].as<std::string>() == "lava") {
    lava_result(msg, log);
  } else if (level == "results") {
    if (auto c = case_of(msg)) log.cases.push_back(std::move(*c));
  } else if (level == "info" && msg.IsScalar() && msg.Scalar().rfind(kBootCommand, 0) == 0) {
    log.boot_commands.push_back(msg.Scalar().substr(std::string(kBootCommand).size()));
  } else if (level == "error" && msg.IsScalar()) {
    log.errors.push_back(msg.Scalar());
  }
}

}  // namespace

LavaLog read_lava_log(std::istream& in) {
  LavaLog log;
  ResultBlockReader blocks;
  std::size_t number = 0;
  for (std::string line; std::getline(in, line);) {
    ++number;
    try {
      const auto record = record_of(line);
      if (!record) continue;
      ++log.records;
      take_record(*record, log, blocks);
    } catch (const YAML::Exception&) {
      // Its text may be anything: the line's number says where it is.
      log.refused.push_back(fmt::format("line {}: not a LAVA log record (a {{dt, lvl, msg}} mapping with the "
                                        "fields its level holds): skipped", number));
    }
  }
  if (log.records == 0) throw std::runtime_error("not a LAVA job log (no line is a {dt, lvl, msg} record)");
  log.blocks = blocks.finish();
  return log;
}

}  // namespace schedlab::grid
