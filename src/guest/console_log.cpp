#include "guest/console_log.h"

#include <cstdlib>

#include "core/utf8.h"
#include "input/numbers.h"
#include "sys/proc_files.h"

namespace schedlab::guest {
namespace {

bool starts_with(std::string_view line, std::string_view prefix) { return line.substr(0, prefix.size()) == prefix; }

// The number after the word "uptime" in a marker line.
std::optional<double> uptime_in(std::string_view line) {
  const auto at = line.find(" uptime ");
  if (at == std::string_view::npos) return std::nullopt;
  const std::string number(line.substr(at + 8, line.find(' ', at + 8) - (at + 8)));
  return input::parse_real(number);
}

void read_line(std::string_view line, ConsoleReport& r) {
  if (line.find("Linux version ") != std::string_view::npos) r.banner = true;
  if (starts_with(line, "SCHEDLAB-GUEST-INIT")) r.init_started = true;
  if (starts_with(line, "SCHEDLAB-GUEST-RUN")) r.run_uptime_s = uptime_in(line).value_or(0);
  if (starts_with(line, "SCHEDLAB-GUEST-FAIL ")) r.failure = std::string(line.substr(20));
  if (starts_with(line, "SCHEDLAB-GUEST-EXIT ")) {
    r.exit_status = std::atoi(std::string(line.substr(20)).c_str());
    r.exit_uptime_s = uptime_in(line);
  }
  if (const auto at = line.find("Kernel panic - not syncing"); at != std::string_view::npos && r.panic.empty())
    r.panic = printable(line.substr(at));
}

}  // namespace

ConsoleReport read_console(std::string_view text) {
  ConsoleReport r;
  for (std::size_t at = 0; at < text.size();) {
    std::size_t end = text.find('\n', at);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(at, end - at);
    while (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    read_line(line, r);
    at = end + 1;
  }
  return r;
}

std::vector<std::string> last_lines(std::string_view text, std::size_t n) {
  std::vector<std::string> lines;
  for (auto& line : sys::split(std::string(text), "\n")) {
    while (!line.empty() && line.back() == '\r') line.pop_back();
    if (!line.empty()) lines.push_back(printable(line));
  }
  if (lines.size() > n) lines.erase(lines.begin(), lines.end() - static_cast<std::ptrdiff_t>(n));
  return lines;
}

}  // namespace schedlab::guest
