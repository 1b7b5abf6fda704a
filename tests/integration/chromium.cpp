#include "integration/chromium.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <string_view>

#include "sys/exec_argv.h"

namespace schedlab::testing {
namespace {

// A hang guard for each exchange with the browser, not a timing assertion.
constexpr auto kPatience = std::chrono::seconds(90);

std::vector<std::string> browser_arguments(const std::string& binary, const std::string& profile) {
  return {binary, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
          "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-extensions",
          "--disable-default-apps", "--mute-audio", "--hide-scrollbars", "--user-data-dir=" + profile,
          // No network: every connection goes to a closed port, no name resolves.
          "--proxy-server=127.0.0.1:9", "--host-resolver-rules=MAP * ~NOTFOUND",
          "--remote-debugging-pipe", "about:blank"};
}

// The environment with TMPDIR set to `tmp`: the browser's singleton socket
// directory (org.chromium.Chromium.*) goes in the temporary profile and is
// removed with it; in /tmp a killed browser left one behind per run.
std::vector<std::string> browser_environment(const std::string& tmp) {
  std::vector<std::string> env;
  for (char** e = environ; *e; ++e)
    if (std::string_view(*e).rfind("TMPDIR=", 0) != 0) env.emplace_back(*e);
  env.push_back("TMPDIR=" + tmp);
  return env;
}

// In the child: only async-signal-safe calls.
[[noreturn]] void exec_browser(char* const* argv, char* const* envp, int commands, int replies,
                               const char* log) {
  setpgid(0, 0);
  const int err = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  dup2(err, 1);
  dup2(err, 2);
  // Out of the way first: a pipe end may already be fd 3 or 4.
  commands = fcntl(commands, F_DUPFD_CLOEXEC, 10);
  replies = fcntl(replies, F_DUPFD_CLOEXEC, 10);
  dup2(commands, 3);  // dup2 clears close-on-exec on the copy
  dup2(replies, 4);
  execve(argv[0], argv, envp);
  _exit(127);
}

std::string decode_base64(const std::string& text) {
  std::string out;
  int bits = 0, value = 0;
  for (char c : text) {
    const auto p = std::string_view("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/").find(c);
    if (p == std::string_view::npos) continue;  // padding
    value = (value << 6) | static_cast<int>(p);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out += static_cast<char>((value >> bits) & 0xFF);
    }
  }
  return out;
}

}  // namespace

std::optional<std::string> find_chromium() {
  if (const char* given = std::getenv("SCHEDLAB_CHROMIUM")) return std::string(given);
  for (const char* dir : {"/usr/bin", "/usr/local/bin"})
    if (access((std::string(dir) + "/chromium").c_str(), X_OK) == 0) return std::string(dir) + "/chromium";
  return std::nullopt;
}

Chromium::Chromium(const std::string& binary) {
  signal(SIGPIPE, SIG_IGN);  // a browser that died is an error from write(), not the test's death
  int commands[2], replies[2];
  if (pipe2(commands, O_CLOEXEC) != 0 || pipe2(replies, O_CLOEXEC) != 0) throw std::runtime_error("pipe");
  const auto args = browser_arguments(binary, profile_.file("profile"));
  std::filesystem::create_directories(profile_.file("tmp"));
  const auto env = browser_environment(profile_.file("tmp"));
  const auto argv = sys::exec_argv(args), envp = sys::exec_argv(env);
  const std::string log = profile_.file("chromium.log");
  pid_ = fork();
  if (pid_ == 0) exec_browser(argv.data(), envp.data(), commands[0], replies[1], log.c_str());
  close(commands[0]);
  close(replies[1]);
  to_browser_ = commands[1];
  from_browser_ = replies[0];
}

Chromium::~Chromium() {
  if (to_browser_ >= 0) {
    try {
      call("Browser.close", nlohmann::json::object(), "");
    } catch (const std::exception&) {  // it is killed below either way
    }
  }
  if (pid_ > 0) {
    kill(-pid_, SIGKILL);  // the browser and its renderer, GPU and utility processes
    waitpid(pid_, nullptr, 0);
    while (waitpid(-1, nullptr, WNOHANG) > 0) {  // its children, reparented to us (subreaper)
    }
  }
  close(to_browser_);
  close(from_browser_);
}

nlohmann::json Chromium::next_message() {
  for (;;) {
    if (const auto end = buffer_.find('\0'); end != std::string::npos) {
      auto message = nlohmann::json::parse(buffer_.substr(0, end));
      buffer_.erase(0, end + 1);
      return message;
    }
    pollfd p{from_browser_, POLLIN, 0};
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline_ - std::chrono::steady_clock::now());
    if (left.count() <= 0 || poll(&p, 1, static_cast<int>(left.count())) <= 0)
      throw std::runtime_error("chromium did not answer (hang guard); its log:\n" + log());
    char chunk[65536];
    const ssize_t n = read(from_browser_, chunk, sizeof chunk);
    if (n <= 0) throw std::runtime_error("chromium closed the pipe; its log:\n" + log());
    buffer_.append(chunk, static_cast<std::size_t>(n));
  }
}

nlohmann::json Chromium::call(const std::string& method, const nlohmann::json& params, const std::string& session) {
  nlohmann::json request = {{"id", next_id_++}, {"method", method}, {"params", params}};
  if (!session.empty()) request["sessionId"] = session;
  const std::string text = request.dump() + '\0';
  if (write(to_browser_, text.data(), text.size()) != static_cast<ssize_t>(text.size()))
    throw std::runtime_error("cannot write to chromium");
  deadline_ = std::chrono::steady_clock::now() + kPatience;
  for (;;) {
    auto message = next_message();
    if (message.contains("id") && message["id"] == request["id"]) {
      if (message.contains("error")) throw std::runtime_error(method + ": " + message["error"].dump());
      return message["result"];
    }
    if (message.contains("method") && message.value("sessionId", "") == session_) events_.push_back(message);
  }
}

std::string Chromium::version() { return call("Browser.getVersion", nlohmann::json::object(), "")["product"]; }

nlohmann::json Chromium::page(const std::string& method, const nlohmann::json& params) {
  return call(method, params, session_);
}

void Chromium::open(const std::string& path) {
  const auto target = call("Target.createTarget", {{"url", "about:blank"}}, "");
  session_ = call("Target.attachToTarget", {{"targetId", target["targetId"]}, {"flatten", true}}, "")["sessionId"];
  for (const char* domain : {"Runtime.enable", "Log.enable", "Network.enable", "Page.enable"}) page(domain);
  page("Network.emulateNetworkConditions",
       {{"offline", true}, {"latency", 0}, {"downloadThroughput", -1}, {"uploadThroughput", -1}});
  page("Emulation.setDeviceMetricsOverride",
       {{"width", 1000}, {"height", 800}, {"deviceScaleFactor", 1}, {"mobile", false}});
  events_.clear();
  page("Page.navigate", {{"url", "file://" + std::filesystem::absolute(path).string()}});
  deadline_ = std::chrono::steady_clock::now() + kPatience;
  for (bool loaded = false; !loaded;) {
    auto message = next_message();
    if (message.value("sessionId", "") != session_ || !message.contains("method")) continue;
    loaded = message["method"] == "Page.loadEventFired";
    events_.push_back(std::move(message));
  }
}

std::string Chromium::screenshot() {
  const auto metrics = page("Page.getLayoutMetrics");
  const auto& size = metrics.contains("cssContentSize") ? metrics["cssContentSize"] : metrics["contentSize"];
  const nlohmann::json clip = {{"x", 0}, {"y", 0}, {"width", size["width"]}, {"height", size["height"]}, {"scale", 1}};
  const auto shot = page("Page.captureScreenshot", {{"format", "png"}, {"captureBeyondViewport", true}, {"clip", clip}});
  return decode_base64(shot["data"].get<std::string>());
}

std::string Chromium::log() const { return profile_.read("chromium.log"); }

std::vector<std::string> page_problems(const std::vector<nlohmann::json>& events) {
  std::vector<std::string> problems;
  for (const auto& e : events) {
    const std::string method = e["method"];
    const auto& p = e["params"];
    if (method == "Runtime.exceptionThrown") problems.push_back("exception: " + p.dump());
    if (method == "Runtime.consoleAPICalled" && (p["type"] == "error" || p["type"] == "assert"))
      problems.push_back("console error: " + p["args"].dump());
    if (method == "Log.entryAdded" && p["entry"]["level"] == "error")
      problems.push_back("log error: " + p["entry"]["text"].get<std::string>());
    if (method == "Network.requestWillBeSent") {
      const std::string url = p["request"]["url"];
      if (url.rfind("file://", 0) != 0) problems.push_back("network request: " + url);
    }
  }
  return problems;
}

}  // namespace schedlab::testing
