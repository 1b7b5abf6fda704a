// `lava collect` over a LAVA log: every record, console line and result
// block in it is data from outside (the guest's console is shared, a log
// can be edited).  The input's first byte picks what the rest is:
//   0  a whole log, as read_lava_log reads it;
//   1  console text, one `target` record per line, after a job's test
//      definitions (so placement and truncation are checked);
//   2  a block's header line (its file and test run) and then its JSON,
//      printed as a result block between a two-kernel job's own blocks.
// collect_sets runs on it; its one refusal is read_lava_log's
// std::runtime_error for a text with no record at all.  Properties: what
// it keeps is valid result files, every refusal or problem is one line of
// printable text, a refused block never adds a boot, and the job's own
// blocks (mode 2) are kept unless the input claims their place first.
#include <algorithm>
#include <sstream>
#include <string>

#include "core/utf8.h"
#include "fuzz_support.h"
#include "grid/lava_collect.h"
#include "grid/result_block.h"
#include "store/set_document.h"

namespace {

using namespace schedlab;
using namespace schedlab::grid;

// One valid set (spawn, two runs); its label says the kernel.
constexpr std::string_view kFile = R"({"schema": "schedlab.result/1", "created": "2026-12-01T00:00:00Z", "sets": [
 {"label": "KERNEL", "status": "PASS", "warnings": [], "tool": {"version": "0.1.0"},
 "workload": {"name": "spawn", "params": {"method": "fork"}, "primary_metric": "lps"},
 "scenario": {"requested": {"copies": "4"}, "applied": [], "not_applied": []},
 "environment": {"kernel": {"release": "6.11.0"}, "system": {"hostname": "grid-1"}},
 "metrics": {"lps": {"unit": "loops/s", "better": "higher"}},
 "runs": [{"index": 1, "started": "2026-11-01T00:00:00Z", "window_s": 1, "values": {"lps": 100}},
          {"index": 2, "started": "2026-11-01T00:00:01Z", "window_s": 1, "values": {"lps": 101}}]}]})";

std::string record(const std::string& level, const ordered_json& msg) {
  return ordered_json({{"dt", "x"}, {"lvl", level}, {"msg", msg}}).dump(-1, ' ', false,
                                                                      ordered_json::error_handler_t::replace) + "\n";
}

std::string console_records(const std::string& console) {
  std::string out;
  std::istringstream in(console);
  for (std::string line; std::getline(in, line);) out += record("target", line);
  return out;
}

std::string planned(const std::vector<std::string>& definitions) {
  std::string out;
  for (const auto& d : definitions)
    out += record("results", {{"case", "test-overlay"}, {"definition", "lava"}, {"result", "pass"},
                              {"extra", {{"name", d}}}});
  return out;
}

// A boot of the job: its test run's signals around its block.
std::string job_boot(const std::string& testrun, const std::string& kernel) {
  std::string json(kFile);
  json.replace(json.find("KERNEL"), 6, kernel);
  return "<LAVA_SIGNAL_STARTRUN " + testrun + " 1>\n" + encode_result_block({"spawn.json", testrun, json}) +
         "<LAVA_SIGNAL_ENDRUN " + testrun + " 1>\n";
}

std::string log_of(unsigned mode, std::string_view rest) {
  const std::string job_plan = planned({"schedlab-boot1-block1-a", "schedlab-boot1-block1-b"});
  if (mode == 0) return std::string(rest);
  if (mode == 1) return job_plan + console_records(std::string(rest));
  const std::size_t eol = std::min(rest.find('\n'), rest.size());
  // As schedlab prints it: its header is JSON, so UTF-8 (the log's reader sees any bytes in mode 0).
  const std::string header = printable(rest.substr(0, eol)), json(rest.substr(std::min(eol + 1, rest.size())));
  const std::string testrun = header.substr(header.find(' ') == std::string::npos ? 0 : header.find(' ') + 1);
  const std::string file = header.substr(0, header.find(' '));
  const std::string input = "<LAVA_SIGNAL_STARTRUN " + testrun + " 1>\n" + encode_result_block({file, testrun, json});
  return job_plan + console_records(job_boot("0_schedlab-boot1-block1-a", "a") + input +
                                    job_boot("1_schedlab-boot1-block1-b", "b")) +
         record("results", {{"case", "job"}, {"definition", "lava"}, {"result", "pass"}});
}

bool one_printable_line(const std::string& text) {
  return printable(text) == text && text.find('\n') == std::string::npos;
}

void check(const Collected& c, std::size_t blocks, unsigned mode, std::string_view input) {
  for (const auto* lines : {&c.problems, &c.refused})
    for (const auto& line : *lines) fuzz::require(one_printable_line(line), "a refusal is one printable line", input);
  fuzz::require(c.boots >= 0 && static_cast<std::size_t>(c.boots) <= blocks, "a boot per kept block at most", input);
  const std::string text = store::result_file_json(set_documents(c, "2026-12-01T00:00:00Z")).dump();
  fuzz::require(c.sets.empty() || fuzz::read_result_text(text).has_value(), "the sets kept are a result file", input);
  if (mode == 2 && input.find("schedlab-boot") == std::string_view::npos)
    fuzz::require(c.boots == 2 && c.sets.size() == 2, "the job's own blocks are kept", input);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const unsigned mode = data[0] % 3;
  const std::string_view rest = fuzz::as_text(data + 1, size - 1);
  std::istringstream text(log_of(mode, rest));
  LavaLog log;
  try {
    log = read_lava_log(text);
  } catch (const std::runtime_error& e) {
    fuzz::require(std::string(e.what()).rfind("not a LAVA job log", 0) == 0, "the one refusal of a whole log", rest);
    return 0;
  }
  const std::size_t blocks = log.blocks.size();
  check(collect_sets(log, {"fuzz", "", nullptr, 0}, fuzz::workloads()), blocks, mode, rest);
  return 0;
}
