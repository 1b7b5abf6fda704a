// Real A/A experiments for "what changed underneath": N interleaved
// `--vary replicate=a,b` runs of one spec with the default probes, each
// compared as compare does.  Counts the experiments that list any side
// metric (a) tested at alpha each, as before, and (b) under the
// Benjamini-Hochberg control compare applies — both from the same runs.
//
//   build/bench/underneath_aa [EXPERIMENTS] [SECONDS] [WORKLOAD]
#include <fmt/format.h>
#include <unistd.h>

#include <cstdlib>
#include <string>

#include "bench/bench_support.h"
#include "compare/comparison.h"
#include "store/result_file.h"

namespace {

using schedlab::ResultSet;

std::vector<ResultSet> aa_sets(const std::string& workload, const std::string& seconds) {
  const std::string json = fmt::format("/tmp/schedlab-underneath-aa-{}.json", getpid());
  bench::run_capture(fmt::format("{} run {} --duration {} --runs 8 --vary replicate=a,b --quiet --no-store "
                                 "--force --json {}",
                                 bench::schedlab_binary().string(), workload, seconds, json));
  auto sets = schedlab::read_result_file(json, bench::workloads()).sets;
  bench::fs::remove(json);
  return sets;
}

}  // namespace

int main(int argc, char** argv) {
  const int n = argc > 1 ? std::atoi(argv[1]) : 20;
  const std::string seconds = argc > 2 ? argv[2] : "0.5";
  const std::string workload = argc > 3 ? argv[3] : "spawn";
  int raw_flagged = 0, bh_flagged = 0;
  std::size_t tests = 0;
  for (int e = 0; e < n; ++e) {
    const auto c =
        schedlab::build_comparison(aa_sets(workload, seconds), schedlab::CompareOptions{}, bench::registries());
    // The changes hold only what survived BH; the uncorrected count needs
    // the whole family: the same comparison with q = 1 lists every test.
    const double alpha = c.options.alpha;
    schedlab::CompareOptions all;
    all.alpha = 1;
    std::size_t raw = 0;
    for (const auto& u : schedlab::build_comparison(c.sets, all, bench::registries()).underneath.changes) raw += u.p_value <= alpha;
    raw_flagged += raw > 0;
    bh_flagged += !c.underneath.changes.empty();
    tests += c.underneath.tests;
    fmt::print(stderr, "experiment {}/{}: {} side metrics tested, {} at alpha each, {} under BH\n", e + 1, n,
               c.underneath.tests, raw, c.underneath.changes.size());
  }
  fmt::print("| real A/A, {} experiments of 8 interleaved blocks ({} {} s) | share listing any side metric |\n"
             "|---|---|\n| each metric at alpha 0.05 (before) | {:.0f}% ({} of {}) |\n"
             "| Benjamini-Hochberg q <= 0.05 (compare now) | {:.0f}% ({} of {}) |\n",
             n, workload, seconds, 100.0 * raw_flagged / n, raw_flagged, n, 100.0 * bh_flagged / n, bh_flagged, n);
  fmt::print("mean family size: {:.1f} tests\n", static_cast<double>(tests) / n);
  return 0;
}
