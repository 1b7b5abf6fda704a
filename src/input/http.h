#pragma once
// HTTP answers from outside (the LAVA server's): read with libcurl, bounded
// in bytes, redirects and time, so a server that redirects to itself or
// streams without end costs a few requests and a few seconds.
#include <chrono>
#include <cstddef>
#include <string>
#include <vector>

#include "input/limits.h"

namespace schedlab::input {

struct HttpLimits {
  std::size_t max_bytes = kHttpMaxBytes;
  long max_redirects = kHttpMaxRedirects;
  std::chrono::seconds timeout{60};
};

struct HttpAnswer {
  std::string error;  // "" when an answer came; else why not ("too many redirects", ...)
  long status = 0;    // the HTTP status of the last answer
  std::string body;
};

// GET `url` (http or https only, also after a redirect) with `headers`
// ("Authorization: Token ..."): never throws for what the network does.
HttpAnswer http_get(const std::string& url, const std::vector<std::string>& headers, const HttpLimits& limits);

}  // namespace schedlab::input
