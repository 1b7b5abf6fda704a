// Store scale: loads synthetic result sets holding RUNS runs (default
// 100000: 20000 sets of 5 runs, 4 workloads x 4 hosts x 100 kernels, a 10%
// spawn regression planted at 6.12.0-rc1) into a fresh SQLite store, then times
// the real `schedlab history` and `schedlab trend` over it, each command
// run 3 times (the median is reported).  The target on the 2-core VM is
// under 1 s per command.
//
// Usage: bench/store_scale [RUNS] [DB]   (DB default /tmp/schedlab-bench-<pid>.db, removed after)
#include <fmt/format.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <stdexcept>

#include "core/descriptive.h"
#include "store/sqlite_connection.h"
#include "store/store.h"
#include "support/registries.h"
#include "support/synthetic_sets.h"

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

constexpr int kRunsPerSet = 5;
const char* const kWorkloads[] = {"spawn", "exec", "context", "wakeup"};
const char* const kHosts[] = {"grid-1", "grid-2", "grid-3", "grid-4"};

// 6.1.0 ... 6.20.0 with -rc1..-rc4 before each release: 100 kernels.
std::string kernel(int k) {
  const int minor = 1 + k / 5, step = k % 5;
  return step < 4 ? fmt::format("6.{}.0-rc{}", minor, step + 1) : fmt::format("6.{}.0", minor);
}

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// Set n: workload n % 4, host n / 4 % 4, kernel n * 100 / sets; the start
// time grows with n, so time order is kernel order (as on a real grid).
double load(schedlab::store::Store& store, int sets) {
  const auto start = Clock::now();
  for (int n = 0; n < sets; ++n) {
    const int k = static_cast<int>(static_cast<long>(n) * 100 / sets);
    const std::string workload = kWorkloads[n % 4];
    const bool regressed = workload == "spawn" && k >= 55;  // from 6.12.0-rc1
    store.record(schedlab::testing::synthetic_document(
        {.workload = workload, .kernel = kernel(k), .host = kHosts[n / 4 % 4],
         .mean = regressed ? 9000.0 : 10000.0, .sigma = 300, .runs = kRunsPerSet,
         .day = 1 + static_cast<int>(static_cast<long>(n) * 28 / sets),
         .second = static_cast<int>(static_cast<long>(n) * 28 * 86400 / sets % 86400),
         .seed = static_cast<std::uint64_t>(n)}));
  }
  return seconds_since(start);
}

double time_command(const std::string& command) {
  std::vector<double> took;
  for (int i = 0; i < 3; ++i) {
    const auto start = Clock::now();
    if (std::system((command + " > /dev/null").c_str()) != 0) throw std::runtime_error("failed: " + command);
    took.push_back(seconds_since(start));
  }
  return schedlab::stats::median(took);
}

}  // namespace

int main(int argc, char** argv) {
  const int runs = argc > 1 ? std::atoi(argv[1]) : 100000;
  const std::string db = argc > 2 ? argv[2] : fmt::format("/tmp/schedlab-bench-{}.db", getpid());
  const fs::path schedlab = fs::canonical("/proc/self/exe").parent_path().parent_path() / "schedlab";
  double loaded = 0;
  std::int64_t stored = 0;
  {
    schedlab::store::Store store(
        std::make_unique<schedlab::store::SqliteConnection>(db, schedlab::store::Access::kWrite),
        schedlab::testing::workload_registry());
    loaded = load(store, runs / kRunsPerSet);
    stored = schedlab::store::as_int(store.connection().query("SELECT COUNT(*) FROM runs").at(0).at(0));
  }
  fmt::print("loaded {} runs in {:.1f} s ({})\n", stored, loaded, db);
  const std::string base = fmt::format("{} {{}} --store {}", schedlab.string(), db);
  for (const char* args : {"history", "history --workload spawn --host grid-1", "history --json",
                           "trend --workload spawn", "trend --workload spawn --by time --host grid-1",
                           "trend --workload spawn --by time", "trend --workload exec --metric sys_s"}) {
    const double s = time_command(fmt::format(fmt::runtime(base), args));
    fmt::print("{:<48} {:6.3f} s  {}\n", args, s, s < 1 ? "(under 1 s)" : "(OVER 1 s)");
  }
  if (argc <= 2)
    for (const char* suffix : {"", "-wal", "-shm"}) fs::remove(db + suffix);
  return 0;
}
