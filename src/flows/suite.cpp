#include "flows/suite.h"

#include <fmt/format.h>
#include <sys/stat.h>

#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>

#include "flows/kernels.h"
#include "flows/kernels_request.h"
#include "grid/lava_report.h"
#include "session/session.h"
#include "sys/affinity.h"

namespace schedlab {
namespace {

namespace fs = std::filesystem;

// Where the result files go: the --json directory (made when missing), or
// a scratch directory removed on every path (Ctrl-C unwinds through here
// as Interrupted).
class ResultDir {
 public:
  explicit ResultDir(const std::string& kept) : path_(kept) {
    if (!path_.empty()) {  // bad input, found before the first scenario measures
      if (mkdir(path_.c_str(), 0755) != 0 && errno != EEXIST)
        throw UsageError("--json", path_, fmt::format("a directory that can be made ({})", std::strerror(errno)));
      if (access(path_.c_str(), W_OK | X_OK) != 0)
        throw UsageError("--json", path_, fmt::format("a directory schedlab can write in ({})", std::strerror(errno)));
      return;
    }
    char tmpl[] = "/tmp/schedlab-suite-XXXXXX";
    if (!mkdtemp(tmpl)) throw SystemError("suite: mkdtemp", tmpl, errno);
    path_ = tmpl;
    owned_ = true;
  }
  ~ResultDir() {
    std::error_code ec;
    if (owned_) fs::remove_all(path_, ec);
  }
  ResultDir(const ResultDir&) = delete;
  ResultDir& operator=(const ResultDir&) = delete;
  const std::string& path() const { return path_; }

 private:
  std::string path_;
  bool owned_ = false;
};

// When `file` was last written; nullopt when there is none.
std::optional<fs::file_time_type> modified(const std::string& file) {
  std::error_code ec;
  const auto t = fs::last_write_time(file, ec);
  return ec ? std::nullopt : std::optional(t);
}

// A scenario on this host: its sets into `json` (replaced), the suite's
// store and, with --lava, LAVA's test cases named after the scenario.
int on_this_host(const Registries& registries, const SuiteScenario& s, const SuiteRequest& suite,
                 const std::string& json, const RunPresentation& shown) {
  RunRequest request = s.request;
  RunOptions& o = request.settings.options;
  o.quiet = true;
  o.force_write = true;
  o.json_path = json;
  request.store = to_store_choice(suite.store);
  request.lava = suite.lava;
  request.lava_name = s.name;
  return run_flow(registries, request, shown);
}

// A scenario on the kernels: its --runs are boots of one run each (its
// guest spec says --runs 1), the guests get as many CPUs as this host's
// affinity (the scenarios name CPUs by it), the order is seed 1.  Each set
// records the `schedlab kernels ...` line that reproduces it.
int on_kernels(const Registries& registries, const SuiteScenario& s, const SuiteRequest& suite,
               const std::string& json) {
  KernelsTexts t;
  t.kernels = suite.kernels;
  t.boots = s.boots;
  t.vcpus = std::to_string(sys::affinity_of(0).size());
  t.seed = "1";
  t.quiet = t.force = true;
  t.json = json;
  t.store = suite.store;
  t.trust_kernel = suite.trust_kernel;
  std::vector<std::string> argv = {"schedlab", "kernels"};
  if (t.trust_kernel) argv.push_back("--trust-kernel");
  for (const auto& k : t.kernels) argv.insert(argv.end(), {"--kernel", k});
  argv.insert(argv.end(), {"--boots", t.boots, "--vcpus", t.vcpus, "--seed", "1", "--quiet", "--force", "--json", json});
  if (t.store.no_store) argv.push_back("--no-store");
  else if (!t.store.store.empty()) argv.insert(argv.end(), {"--store", t.store.store});
  argv.insert(argv.end(), {"--", "run"});
  argv.insert(argv.end(), s.guest->run_args.begin() + 1, s.guest->run_args.end());
  Session session;  // before the initramfs is written to the cache, as kernels does
  auto request = make_kernels_request(t, *s.guest, argv);
  return run_kernels_flow(registries, request, session);
}

}  // namespace

int run_suite_flow(const Registries& registries, const SuiteRequest& request, SuiteObserver& observer) {
  if (request.lava) grid::find_lava_test_case();  // not in a LAVA test shell: one line before the first run
  const ResultDir results(request.json_dir);
  std::vector<double> nominal;  // the bundle's ETA: each run's warmup and windows
  nominal.reserve(request.scenarios.size());
  for (const auto& s : request.scenarios) nominal.push_back(s.guest ? 0 : nominal_run_seconds(s.request));
  // A scenario's sets outlive the suite in the --json directory or the
  // store; its file in the scratch directory goes with it.  (A scenario
  // interrupted in a suite without --json whose store and spool file both
  // failed has said so, "are not kept", before the last line.)
  const bool outlive = !request.json_dir.empty() || !request.store.no_store;
  bool kept = false;
  int worst = 0;
  for (std::size_t i = 0; i < request.scenarios.size(); ++i) {
    const SuiteScenario& s = request.scenarios[i];
    const std::string file = fmt::format("{}/{}.json", results.path(), s.name);
    double after = 0;
    for (std::size_t k = i + 1; k < nominal.size(); ++k) after += nominal[k];
    const RunPresentation shown = observer.starting(i, after);
    const auto before = modified(file);
    int status = 0;
    try {
      status = s.guest ? on_kernels(registries, s, request, file) : on_this_host(registries, s, request, file, shown);
    } catch (const Interrupted& e) {
      throw Interrupted(e.signal_number(), outlive && (kept || e.runs_kept()));
    } catch (const Error& e) {
      observer.failed(i, e);
      status = static_cast<int>(e.status());
    }
    worst = std::max(worst, status);
    const auto after_run = modified(file);
    const bool wrote = after_run && after_run != before;
    kept = kept || (wrote && status == 0);  // a failed one may have kept none: said only when sure
    observer.finished(i, wrote ? file : "");
  }
  return worst;
}

}  // namespace schedlab
