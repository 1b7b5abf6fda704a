// `schedlab lava collect` as a flow: a finished LAVA job's results, one set
// per kernel (and --vary variant) with every boot's runs, paired by block,
// delivered to the result file and the store (result sinks).
#include <fmt/format.h>
#include <sys/stat.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>

#include "flows/lava_collect.h"
#include "core/error.h"
#include "grid/lava_collect.h"
#include "grid/lava_job.h"
#include "grid/lava_server.h"
#include "input/files.h"
#include "input/input_error.h"
#include "sink/json_file_sink.h"
#include "sink/store_sink.h"

namespace schedlab {
namespace {

struct Source {
  std::string log;  // the log's text
  grid::LavaJobInfo info;
};

// The job's record and log from the server's REST API.  A job that has
// not finished is refused: its log is not complete yet.
Source from_server(const std::string& job_id, const std::string& server_url) {
  const char* token = std::getenv("LAVA_TOKEN");
  const grid::LavaServer server(server_url, token ? token : "");
  Source s;
  s.info.source = server.url();
  s.info.job_id = job_id;
  const std::string what = fmt::format("lava collect: job {} at {}: its record", job_id, server.url());
  grid::JobRecord record;
  try {
    record = grid::read_job_record(server.get(fmt::format("jobs/{}/", job_id)), what);
  } catch (const input::InputError& e) {  // the server's answer, not the user's input: as when it fails
    throw Error(ExitStatus::kWorkloadFailed, e.what());
  }
  s.info.job = record.job;
  const std::string& state = record.state;
  s.info.boots_expected = grid::boots_in_job(record.definition);
  if (state != "Finished")
    throw Error(ExitStatus::kWorkloadFailed, fmt::format("lava collect: job {} at {} is {}: collect it when it has "
                                                         "finished", job_id, server.url(), state.empty() ? "?" : state));
  s.info.kernels = grid::kernels_in_job(record.definition);
  s.log = server.get(fmt::format("jobs/{}/logs/", job_id));
  return s;
}

// A directory holding output.yaml (the server's job output directory, or
// lava-run's --output-dir with its log saved there), or the log itself.
Source from_path(const std::string& path) {
  struct stat st {};
  Source s;
  std::string log = path;
  if (stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode)) {
    log = path + "/output.yaml";
    if (stat(log.c_str(), &st) != 0)
      throw UsageError(fmt::format("lava collect '{}': no output.yaml in it (the job's log: the server's job output "
                                   "directory has one; with lava-run, save its log there: lava-run ... 2> "
                                   "DIR/output.yaml)", path));
    s.info.source = "lava-run output " + path;
  } else {
    s.info.source = "LAVA log " + path;
  }
  s.log = input::read_named_file(log, input::kLavaLog);
  return s;
}

Source read_source(const LavaCollectSpec& t) {
  if (!t.server.empty()) {
    if (!grid::is_job_id(t.job)) throw UsageError("lava collect", t.job, "with --server, the job's id (1234)");
    return from_server(t.job, t.server);
  }
  struct stat st {};
  if (stat(t.job.c_str(), &st) != 0)
    throw UsageError("lava collect", t.job, grid::is_job_id(t.job)
                                                ? "a job id with --server URL (the LAVA server's address)"
                                                : "a directory with the job's log as output.yaml, or a LAVA log file");
  return from_path(t.job);
}

void print_sets(const grid::Collected& c, std::ostream& out) {
  for (std::size_t i = 0; i < c.sets.size(); ++i) {
    const ResultSet& set = c.sets[i];
    const int boots = static_cast<int>(c.lava[i].value("boots", ordered_json::array()).size());
    out << fmt::format("{}: {} boot{}, {} run{}, {}{}\n", set.label, boots, boots == 1 ? "" : "s", set.runs.size(),
                       set.runs.size() == 1 ? "" : "s", to_string(set.status),
                       set.status == Status::kPass ? "" : ": " + set.error);
  }
}

// 4 when the job did not bring back everything it planned (a boot failed,
// a block did not decode, the log is cut), else 6 when records were refused.
ExitStatus collect_status(const grid::Collected& c) {
  const bool complete = c.problems.empty() && std::all_of(c.sets.begin(), c.sets.end(), [](const ResultSet& s) {
    return s.status == Status::kPass;
  });
  if (!complete) return ExitStatus::kWorkloadFailed;
  return c.refused.empty() ? ExitStatus::kOk : ExitStatus::kPartlyRefused;
}

}  // namespace

ExitStatus collect_lava_job(const WorkloadRegistry& workloads, const LavaCollectSpec& spec) {
  const Source source = read_source(spec);
  std::istringstream text(source.log);
  grid::Collected c;
  try {
    c = grid::collect_sets(grid::read_lava_log(text), source.info, workloads);
  } catch (const std::exception& e) {
    throw Error(ExitStatus::kWorkloadFailed, fmt::format("lava collect: {}: {}", source.info.source, e.what()));
  }
  for (const auto& p : c.problems) std::cerr << "schedlab lava collect: " << p << "\n";
  for (const auto& r : c.refused) std::cerr << "schedlab lava collect: " << r << "\n";
  if (c.sets.empty())
    throw Error(ExitStatus::kWorkloadFailed, fmt::format("lava collect: {}: no schedlab result in the job's log "
                                                         "(did its test shells run schedlab with --lava?)",
                                                         source.info.source));
  print_sets(c, std::cout);
  const std::string created = utc_now_iso8601();
  const auto docs = grid::set_documents(c, created);
  JsonFileSink file(spec.json, created);
  StoreSink store(spec.store, workloads, created, &file, &std::cout);
  file.finish_documents(docs);  // first: the store's message says whether the file holds the sets too
  store.finish_documents(docs);
  if (auto failed = file.failure(); !failed.empty()) throw Error(ExitStatus::kCannotSave, failed);
  return collect_status(c);
}

}  // namespace schedlab
