#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace schedlab::guest {

// What a guest's serial console says about how far it got.  The guest's
// /init (data/guest/init.sh) prints lines beginning "SCHEDLAB-GUEST-"; the
// kernel prints its banner and, on a panic, "Kernel panic - not syncing".
struct ConsoleReport {
  bool banner = false;             // "Linux version ..." (not under `quiet`)
  bool init_started = false;       // SCHEDLAB-GUEST-INIT: our /init runs
  std::optional<double> run_uptime_s;   // SCHEDLAB-GUEST-RUN: the command started (guest uptime)
  std::optional<int> exit_status;       // SCHEDLAB-GUEST-EXIT: the command's status
  std::optional<double> exit_uptime_s;  // ... and the guest's uptime then
  std::string failure;             // SCHEDLAB-GUEST-FAIL: what /init could not do
  std::string panic;               // the "Kernel panic" line
};

ConsoleReport read_console(std::string_view text);

// The last `n` lines of `text` (carriage returns dropped, bytes outside
// printable ASCII shown as \xNN so they fit a JSON string and a terminal).
std::vector<std::string> last_lines(std::string_view text, std::size_t n);

}  // namespace schedlab::guest
