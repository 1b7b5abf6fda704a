#pragma once
// Headless Chromium driven over the DevTools protocol on a pipe
// (--remote-debugging-pipe: commands on fd 3, replies and events on fd 4,
// each a JSON text ending in NUL), for the HTML report's browser test.
// The browser runs with a fresh profile, its network cut off (an
// unreachable proxy, no name resolution, the page emulated offline), in a
// process group of its own that is killed and reaped on destruction.
#include <sys/types.h>

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "support/temp_dir.h"

namespace schedlab::testing {

// The Chromium binary: $SCHEDLAB_CHROMIUM (a path), else chromium in
// /usr/bin or /usr/local/bin; nullopt when there is none.
std::optional<std::string> find_chromium();

class Chromium {
 public:
  explicit Chromium(const std::string& binary);
  ~Chromium();
  Chromium(const Chromium&) = delete;
  Chromium& operator=(const Chromium&) = delete;

  // The browser's product and version ("Chrome/120.0..."); throws when
  // it does not answer (it could not start, or died).
  std::string version();
  // Opens `path` (a local file) in a fresh page and waits for its load
  // event; what the page logged or requested meanwhile is in events().
  void open(const std::string& path);
  // A DevTools command to the page; its result.  Throws on an error reply.
  nlohmann::json page(const std::string& method, const nlohmann::json& params = nlohmann::json::object());
  // Every event received from the page since open().
  const std::vector<nlohmann::json>& events() const { return events_; }
  // The whole page as a PNG.
  std::string screenshot();
  // What the browser wrote on stderr (for failure messages).
  std::string log() const;

 private:
  nlohmann::json call(const std::string& method, const nlohmann::json& params, const std::string& session);
  nlohmann::json next_message();

  TempDir profile_;
  pid_t pid_ = -1;
  int to_browser_ = -1, from_browser_ = -1;
  int next_id_ = 1;
  std::string session_, buffer_;
  std::vector<nlohmann::json> events_;
  std::chrono::steady_clock::time_point deadline_;
};

// Console errors, uncaught exceptions, error log entries and requests for
// anything but the file itself, one line each; empty when the page was clean.
std::vector<std::string> page_problems(const std::vector<nlohmann::json>& events);

}  // namespace schedlab::testing
