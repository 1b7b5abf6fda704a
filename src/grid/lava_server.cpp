#include "grid/lava_server.h"

#include <fmt/format.h>

#include <cctype>
#include <vector>

#include "core/error.h"
#include "core/secrets.h"
#include "input/http.h"
#include "input/json_document.h"

namespace schedlab::grid {

JobRecord read_job_record(const std::string& body, const std::string& what) {
  JobRecord r;
  r.job = input::parse_json_document(body, what, input::kHttpMaxBytes);
  if (!r.job.is_object()) throw input::InputError(what, fmt::format("expected a JSON object, found {}", r.job.type_name()));
  input::read_json_fields(what, [&] {
    r.state = r.job.value("state", "");
    r.definition = r.job.value("definition", "");
  });
  return r;
}

bool is_job_id(const std::string& text) {
  if (text.empty() || !std::isdigit(static_cast<unsigned char>(text[0]))) return false;
  for (char c : text)
    if (!std::isdigit(static_cast<unsigned char>(c)) && c != '.') return false;
  return true;
}

LavaServer::LavaServer(const std::string& url, std::string token, std::chrono::seconds timeout)
    : url_(url), token_(std::move(token)), timeout_(timeout) {
  while (!url_.empty() && url_.back() == '/') url_.pop_back();
  if (redact_secrets(url) != url)
    throw UsageError(fmt::format("--server '{}': expected a URL without a password (a token goes in LAVA_TOKEN)",
                                 redact_secrets(url)));
  if (url_.rfind("http://", 0) != 0 && url_.rfind("https://", 0) != 0)
    throw UsageError("--server", url, "the LAVA server's http:// or https:// URL");
}

std::string LavaServer::get(const std::string& path) const {
  const std::string url = fmt::format("{}/api/v0.2/{}", url_, path);
  std::vector<std::string> headers;
  if (!token_.empty()) headers.push_back("Authorization: Token " + token_);
  input::HttpAnswer answer = input::http_get(url, headers, {.timeout = timeout_});
  if (!answer.error.empty())
    throw Error(ExitStatus::kWorkloadFailed, fmt::format("lava collect: GET {} failed: {}", url, answer.error));
  const long status = answer.status;
  if (status != 200)
    throw Error(status == 404 ? ExitStatus::kUsage : ExitStatus::kWorkloadFailed,
                fmt::format("lava collect: GET {} failed: HTTP {}{}", url, status,
                                                status == 404 ? " (no such job on this server?)"
                                                : status == 401 || status == 403 ? " (set LAVA_TOKEN?)" : ""));
  return std::move(answer.body);
}

}  // namespace schedlab::grid
