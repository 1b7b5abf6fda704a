#pragma once
// A LAVA server's REST API (v0.2), read with libcurl: a job's record
// (/api/v0.2/jobs/ID/) and its log (/api/v0.2/jobs/ID/logs/, the YAML
// list the dispatcher wrote).  Read-only; a token, when the lab needs one,
// comes from the environment (LAVA_TOKEN), never from the command line.
#include <chrono>
#include <string>

#include <nlohmann/json.hpp>

namespace schedlab::grid {

class LavaServer {
 public:
  // `url`: the server's root ("https://lava.lab.org", "http://127.0.0.1:8000");
  // a trailing '/' is ignored.  Throws UsageError naming --server for
  // anything but an http(s) URL without a password.
  LavaServer(const std::string& url, std::string token, std::chrono::seconds timeout = std::chrono::seconds(60));

  // The body of GET /api/v0.2/<path>.  Throws Error naming the URL and what
  // went wrong (no connection, HTTP 404: no such job, ...).
  std::string get(const std::string& path) const;

  const std::string& url() const { return url_; }

 private:
  std::string url_, token_;
  std::chrono::seconds timeout_;
};

// A job's record as the server answered GET jobs/ID/ (`body`).
struct JobRecord {
  nlohmann::ordered_json job;  // a JSON object: device, times, state
  std::string state;           // "Finished", "Running"; "" when it says none
  std::string definition;      // the job's YAML; "" when it says none
};

// Throws input::InputError naming `what` and what was wrong: not JSON, too
// deep or large, not an object ("found array"), or "state" or "definition"
// not text ("(/state) type must be string, but is number").
JobRecord read_job_record(const std::string& body, const std::string& what);

// Whether `text` is a LAVA job id: a number, or a multinode id "12.3".
bool is_job_id(const std::string& text);

}  // namespace schedlab::grid
