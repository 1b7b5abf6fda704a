#include "grid/lava_report.h"

#include <fmt/format.h>
#include <unistd.h>

#include <cctype>
#include <cmath>
#include <cstdlib>

#include "core/error.h"
#include "grid/result_block.h"
#include "sys/helper_process.h"

namespace schedlab::grid {
namespace {

const char* lava_result(Status status) {
  switch (status) {
    case Status::kPass: return "pass";
    case Status::kError: return "fail";
    case Status::kSkip: return "skip";
  }
  return "fail";
}

std::string unit_of(const ResultSet& set, const std::string& metric) {
  for (const auto& m : set.metrics)
    if (m.name == metric) return m.unit;
  return "";
}

}  // namespace

std::string lava_word(const std::string& text) {
  std::string out;
  for (char c : text)
    out += std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '-' ? c : '_';
  return out;
}

std::string lava_units(const std::string& text) {
  std::string out;
  for (char c : text) out += std::isgraph(static_cast<unsigned char>(c)) && c != '=' && c != '<' && c != '>' ? c : '_';
  return out;
}

std::vector<LavaCase> set_cases(const std::vector<ResultSet>& sets, const std::string& prefix) {
  std::vector<LavaCase> cases;
  for (const auto& set : sets) {
    const std::string name = lava_word((prefix.empty() ? "" : prefix + ".") +
                                       (set.label.empty() ? "" : set.label + ".") + set.workload.name);
    const std::string& primary = set.workload.primary_metric;
    const auto summary = set.summarize();
    auto measured = [&](const std::string& metric, LavaCase c) {
      if (const auto it = summary.find(metric); it != summary.end() && it->second.n > 0 && std::isfinite(it->second.mean)) {
        c.measurement = it->second.mean;
        c.units = lava_units(unit_of(set, metric));
      }
      return c;
    };
    cases.push_back(measured(primary, {name, lava_result(set.status), std::nullopt, ""}));
    for (const auto& [metric, s] : summary)
      if (metric != primary && s.n > 0 && std::isfinite(s.mean))
        cases.push_back(measured(metric, {name + "." + lava_word(metric), lava_result(set.status), std::nullopt, ""}));
  }
  return cases;
}

std::string find_lava_test_case() {
  const char* path = std::getenv("PATH");
  std::string dirs = path ? path : "";
  for (std::size_t start = 0; start <= dirs.size();) {
    const std::size_t end = std::min(dirs.find(':', start), dirs.size());
    const std::string dir = dirs.substr(start, end - start);
    std::string candidate = (dir.empty() ? "." : dir) + "/lava-test-case";
    if (!dir.empty() && access(candidate.c_str(), X_OK) == 0) return candidate;
    start = end + 1;
  }
  throw UsageError("--lava: no lava-test-case on PATH: --lava reports through LAVA's test shell, which puts "
                   "it there (run it in a LAVA test definition, see schedlab lava job)");
}

void report_cases(const std::string& tool, const std::vector<LavaCase>& cases, std::ostream& out) {
  for (const auto& c : cases) {
    std::vector<std::string> argv = {tool, c.name, "--result", c.result};
    if (c.measurement) {
      argv.insert(argv.end(), {"--measurement", fmt::format("{}", *c.measurement)});
      if (!c.units.empty()) argv.insert(argv.end(), {"--units", c.units});
    }
    out << sys::capture_output(argv) << std::flush;
  }
}

void print_result_block(const ResultFile& file, const std::string& name, std::ostream& out) {
  const char* testrun = std::getenv("TESTRUN_ID");
  const std::string json = ordered_json(file).dump(-1, ' ', false, ordered_json::error_handler_t::replace);
  out << encode_result_block({name, testrun ? testrun : "", json}) << std::flush;
}

}  // namespace schedlab::grid
