#include "grid/lava_server.h"

#include <curl/curl.h>
#include <fmt/format.h>

#include <cctype>
#include <memory>

#include "core/error.h"
#include "core/secrets.h"

namespace schedlab::grid {
namespace {

constexpr std::size_t kMaxBody = 512u << 20;  // a very long job's log

struct CurlDeleter {
  void operator()(CURL* c) const { curl_easy_cleanup(c); }
};
struct SlistDeleter {
  void operator()(curl_slist* l) const { curl_slist_free_all(l); }
};

std::size_t append_body(char* data, std::size_t size, std::size_t count, void* body) {
  auto& out = *static_cast<std::string*>(body);
  if (out.size() + size * count > kMaxBody) return 0;  // stops the transfer: CURLE_WRITE_ERROR
  out.append(data, size * count);
  return size * count;
}

}  // namespace

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
  static const CURLcode init = curl_global_init(CURL_GLOBAL_DEFAULT);
  const std::string url = fmt::format("{}/api/v0.2/{}", url_, path);
  std::unique_ptr<CURL, CurlDeleter> curl(init == CURLE_OK ? curl_easy_init() : nullptr);
  if (!curl) throw Error(ExitStatus::kWorkloadFailed, "lava collect: libcurl could not start");
  std::unique_ptr<curl_slist, SlistDeleter> headers;
  if (!token_.empty()) headers.reset(curl_slist_append(nullptr, ("Authorization: Token " + token_).c_str()));
  std::string body;
  char error[CURL_ERROR_SIZE] = "";
  curl_easy_setopt(curl.get(), CURLOPT_URL, url.c_str());
  curl_easy_setopt(curl.get(), CURLOPT_HTTPHEADER, headers.get());
  curl_easy_setopt(curl.get(), CURLOPT_WRITEFUNCTION, append_body);
  curl_easy_setopt(curl.get(), CURLOPT_WRITEDATA, &body);
  curl_easy_setopt(curl.get(), CURLOPT_ERRORBUFFER, error);
  curl_easy_setopt(curl.get(), CURLOPT_TIMEOUT, static_cast<long>(timeout_.count()));
  curl_easy_setopt(curl.get(), CURLOPT_FOLLOWLOCATION, 1L);
  curl_easy_setopt(curl.get(), CURLOPT_PROTOCOLS_STR, "http,https");
  curl_easy_setopt(curl.get(), CURLOPT_NOSIGNAL, 1L);
  const CURLcode rc = curl_easy_perform(curl.get());
  if (rc != CURLE_OK)
    throw Error(ExitStatus::kWorkloadFailed, fmt::format("lava collect: GET {} failed: {}", url,
                                                *error ? error : curl_easy_strerror(rc)));
  long status = 0;
  curl_easy_getinfo(curl.get(), CURLINFO_RESPONSE_CODE, &status);
  if (status != 200)
    throw Error(status == 404 ? ExitStatus::kUsage : ExitStatus::kWorkloadFailed,
                fmt::format("lava collect: GET {} failed: HTTP {}{}", url, status,
                                                status == 404 ? " (no such job on this server?)"
                                                : status == 401 || status == 403 ? " (set LAVA_TOKEN?)" : ""));
  return body;
}

}  // namespace schedlab::grid
