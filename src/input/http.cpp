#include "input/http.h"

#include <curl/curl.h>
#include <fmt/format.h>

#include <memory>

namespace schedlab::input {
namespace {

struct CurlDeleter {
  void operator()(CURL* c) const { curl_easy_cleanup(c); }
};
struct SlistDeleter {
  void operator()(curl_slist* l) const { curl_slist_free_all(l); }
};

struct Body {
  std::string text;
  std::size_t limit;
  bool too_long = false;
};

std::size_t append_body(char* data, std::size_t size, std::size_t count, void* target) {
  auto& body = *static_cast<Body*>(target);
  if (body.text.size() + size * count > body.limit) {
    body.too_long = true;
    return 0;  // stops the transfer: CURLE_WRITE_ERROR
  }
  body.text.append(data, size * count);
  return size * count;
}

}  // namespace

HttpAnswer http_get(const std::string& url, const std::vector<std::string>& headers, const HttpLimits& limits) {
  static const CURLcode init = curl_global_init(CURL_GLOBAL_DEFAULT);
  std::unique_ptr<CURL, CurlDeleter> curl(init == CURLE_OK ? curl_easy_init() : nullptr);
  if (!curl) return {"libcurl could not start", 0, ""};
  std::unique_ptr<curl_slist, SlistDeleter> list;
  for (const auto& h : headers) list.reset(curl_slist_append(list.release(), h.c_str()));
  Body body{"", limits.max_bytes};
  char error[CURL_ERROR_SIZE] = "";
  CURL* c = curl.get();
  curl_easy_setopt(c, CURLOPT_URL, url.c_str());
  curl_easy_setopt(c, CURLOPT_HTTPHEADER, list.get());
  curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, append_body);
  curl_easy_setopt(c, CURLOPT_WRITEDATA, &body);
  curl_easy_setopt(c, CURLOPT_ERRORBUFFER, error);
  curl_easy_setopt(c, CURLOPT_TIMEOUT, static_cast<long>(limits.timeout.count()));
  curl_easy_setopt(c, CURLOPT_FOLLOWLOCATION, 1L);
  curl_easy_setopt(c, CURLOPT_MAXREDIRS, limits.max_redirects);
  curl_easy_setopt(c, CURLOPT_MAXFILESIZE_LARGE, static_cast<curl_off_t>(limits.max_bytes));
  curl_easy_setopt(c, CURLOPT_PROTOCOLS_STR, "http,https");
  curl_easy_setopt(c, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
  curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
  const CURLcode rc = curl_easy_perform(c);
  HttpAnswer answer;
  curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &answer.status);
  if (body.too_long || rc == CURLE_FILESIZE_EXCEEDED)
    answer.error = fmt::format("the answer is longer than {} bytes", limits.max_bytes);
  else if (rc == CURLE_TOO_MANY_REDIRECTS)
    answer.error = fmt::format("more than {} redirects", limits.max_redirects);
  else if (rc != CURLE_OK)
    answer.error = *error ? error : curl_easy_strerror(rc);
  answer.body = std::move(body.text);
  return answer;
}

}  // namespace schedlab::input
