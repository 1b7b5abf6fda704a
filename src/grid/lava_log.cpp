#include "grid/lava_log.h"

#include <yaml-cpp/yaml.h>

#include <stdexcept>

#include "input/yaml_document.h"

namespace schedlab::grid {
namespace {

constexpr const char* kBootCommand = "Boot command: ";

std::optional<YAML::Node> record_of(std::string line) {
  if (line.rfind("- ", 0) == 0) line.erase(0, 2);
  if (line.empty() || line[0] != '{') return std::nullopt;
  try {
    YAML::Node node = input::load_yaml_document(line, "a log record", {.max_bytes = input::kLavaLog.max_bytes});
    if (node.IsMap() && node["lvl"] && node["msg"]) return node;
  } catch (const input::InputError&) {  // not a record, or one too large to be one
  }
  return std::nullopt;
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

}  // namespace

LavaLog read_lava_log(std::istream& in) {
  LavaLog log;
  ResultBlockReader blocks;
  for (std::string line; std::getline(in, line);) {
    const auto record = record_of(line);
    if (!record) continue;
    ++log.records;
    const std::string level = (*record)["lvl"].as<std::string>();
    const YAML::Node msg = (*record)["msg"];
    if (level == "target" && msg.IsScalar()) {
      blocks.line(console_line(msg.Scalar()));
    } else if (level == "results") {
      if (auto c = case_of(msg)) log.cases.push_back(std::move(*c));
    } else if (level == "info" && msg.IsScalar() && msg.Scalar().rfind(kBootCommand, 0) == 0) {
      log.boot_commands.push_back(msg.Scalar().substr(std::string(kBootCommand).size()));
    } else if (level == "error" && msg.IsScalar()) {
      log.errors.push_back(msg.Scalar());
    }
  }
  if (log.records == 0) throw std::runtime_error("not a LAVA job log (no line is a {dt, lvl, msg} record)");
  log.blocks = blocks.finish();
  return log;
}

}  // namespace schedlab::grid
