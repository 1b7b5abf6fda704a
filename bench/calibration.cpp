// Calibration of the verdicts: how often each test flags a difference that
// is not there (false alarms), and how often it sees one that is (power at
// 1%, 2% and 5% shifts), two ways:
//   simulate FILE  — resampling the runs of a real, interleaved A/A result
//                    (`schedlab run spawn --vary replicate=a,b --runs 40`):
//                    no model of the noise, the machine's own;
//   real N         — N real A/A experiments on this machine, interleaved
//                    (--vary replicate=a,b) and sequential (two runs one
//                    after the other), with and without the sentinel's
//                    normalisation; and N real check A/A verdicts.
// Prints a markdown table for docs/statistics.md.
//
// Usage: bench/calibration simulate FILE [TRIALS]
//        bench/calibration real N [SECONDS]
#include <fmt/format.h>
#include <unistd.h>

#include <cstdlib>
#include <algorithm>
#include <numeric>
#include <random>

#include "bench/bench_support.h"
#include "check/verdict.h"
#include "compare/machine_speed.h"
#include "store/result_file.h"
#include "stats/significance.h"

namespace {

using schedlab::ResultSet;
using Values = std::vector<double>;

constexpr double kAlpha = 0.05;
constexpr int kRuns = 10;  // per side in every simulated comparison

Values values(const ResultSet& set) {
  Values xs;
  for (const auto& run : set.runs)
    if (auto v = run.values.get(set.workload.primary_metric)) xs.push_back(*v);
  return xs;
}

// Paired runs of two interleaved sets, by block.
std::pair<Values, Values> pairs(const ResultSet& a, const ResultSet& b) {
  Values x, y;
  for (const auto& ra : a.runs)
    for (const auto& rb : b.runs)
      if (ra.block == rb.block && ra.block > 0) {
        x.push_back(*ra.values.get(a.workload.primary_metric));
        y.push_back(*rb.values.get(b.workload.primary_metric));
      }
  return {x, y};
}

struct Rates {
  int trials = 0, welch = 0, paired = 0, mwu = 0, overlap = 0;
};

// One simulated comparison: kRuns blocks drawn at random, the second side
// scaled by (1 - shift).
void one_trial(const Values& a, const Values& b, double shift, std::mt19937_64& rng, Rates& r) {
  std::vector<size_t> idx(a.size());
  std::iota(idx.begin(), idx.end(), 0);
  std::shuffle(idx.begin(), idx.end(), rng);
  Values x, y;
  for (int i = 0; i < kRuns; ++i) {
    x.push_back(a[idx[static_cast<size_t>(i)]]);
    y.push_back(b[idx[static_cast<size_t>(i)]] * (1 - shift));
  }
  using namespace schedlab::stats;
  r.trials++;
  r.welch += welch_t_test(x, y, kAlpha).significant;
  r.paired += paired_t_test(x, y, kAlpha).significant;
  r.mwu += mann_whitney_u(x, y, kAlpha).significant;
  r.overlap += overlap_test(x, y).significant;
}

// Whole sequential checks (baseline 8 runs, batches of 3 up to 15, 5%
// threshold) on resampled runs: wrong verdicts at no change and at a 10% loss.
// The runs are drawn from one pool, as from one sitting: no between-sitting
// term (check/sitting_model.h).
std::pair<double, double> check_errors(const Values& pool, int trials, std::mt19937_64& rng) {
  const auto plan = schedlab::plan_looks(8, 3, 15, kAlpha);
  std::uniform_int_distribution<size_t> pick(0, pool.size() - 1);
  int wrong_bad = 0, wrong_good = 0;
  for (int t = 0; t < trials; ++t)
    for (double loss : {0.0, 0.10}) {
      Values good, current;
      for (int i = 0; i < 8; ++i) good.push_back(pool[pick(rng)]);
      schedlab::Decision d;
      for (size_t look = 1; look <= plan.looks(); ++look) {
        while (current.size() < plan.runs[look - 1]) current.push_back(pool[pick(rng)] * (1 - loss));
        d = schedlab::decide_against_good(good, current, schedlab::Better::kHigher, 5, plan, look,
                                          schedlab::SittingModel::same_sitting());
        if (d.verdict != schedlab::Verdict::kUndecided) break;
      }
      (loss == 0 ? wrong_bad : wrong_good) += d.verdict == (loss == 0 ? schedlab::Verdict::kBad
                                                                      : schedlab::Verdict::kGood);
    }
  return {100.0 * wrong_bad / trials, 100.0 * wrong_good / trials};
}

std::string pct(int hits, int trials) { return fmt::format("{:.1f}%", 100.0 * hits / std::max(trials, 1)); }

int simulate(const std::string& file, int trials) {
  const auto sets = schedlab::read_result_file(file, bench::workloads()).sets;
  if (sets.size() < 2) throw std::runtime_error(file + ": needs an interleaved A/A file (--vary replicate=a,b)");
  auto [a, b] = pairs(sets[0], sets[1]);
  if (a.size() < static_cast<size_t>(kRuns)) throw std::runtime_error(file + ": needs at least 10 blocks");
  // The null made true: a recorded A/A's two sides differ by chance (2% in
  // one file here), and resampling them as they are would test that
  // sample's difference, not "no change". b is scaled to a's mean (the
  // null bootstrap), keeping each block's own noise and pairing.
  const double centre = std::accumulate(a.begin(), a.end(), 0.0) / std::accumulate(b.begin(), b.end(), 0.0);
  for (double& y : b) y *= centre;
  std::mt19937_64 rng(20261130);
  fmt::print("Simulated from {} ({} interleaved blocks of {}), {} trials, {} runs a side, alpha {}\n\n",
             file, a.size(), sets[0].workload.name, trials, kRuns, kAlpha);
  fmt::print("| shift | welch | paired-t | mwu | overlap |\n|---|---|---|---|---|\n");
  for (double shift : {0.0, 0.01, 0.02, 0.05}) {
    Rates r;
    for (int t = 0; t < trials; ++t) one_trial(a, b, shift, rng, r);
    fmt::print("| {} | {} | {} | {} | {} |\n", shift == 0 ? "none (false alarms)" : fmt::format("{:.0f}% (power)", shift * 100),
               pct(r.welch, r.trials), pct(r.paired, r.trials), pct(r.mwu, r.trials), pct(r.overlap, r.trials));
  }
  Values pool = a;
  pool.insert(pool.end(), b.begin(), b.end());
  const auto [wrong_bad, wrong_good] = check_errors(pool, trials, rng);
  fmt::print("\ncheck (baseline 8 runs, batches of 3 up to 15, threshold 5%, alpha 0.05): wrong 'bad' at no "
             "change {:.1f}%, wrong 'good' at a 10% loss {:.1f}%\n",
             wrong_bad, wrong_good);
  return 0;
}

// One real A/A experiment: flags of every test, raw and sentinel-normalised.
void real_pair(const std::vector<ResultSet>& sets, Rates& raw, Rates& normalized, bool paired) {
  const auto x = values(sets[0]), y = values(sets[1]);
  using namespace schedlab::stats;
  raw.trials++;
  raw.welch += welch_t_test(x, y, kAlpha).significant;
  raw.mwu += mann_whitney_u(x, y, kAlpha).significant;
  raw.overlap += overlap_test(x, y).significant;
  if (paired) {
    const auto [a, b] = pairs(sets[0], sets[1]);
    raw.paired += paired_t_test(a, b, kAlpha).significant;
  }
  normalized.trials++;
  if (auto d = schedlab::machine_speed_difference(sets[0], sets[1], kAlpha); d && d->normalized_p)
    normalized.welch += *d->normalized_p < kAlpha;
}

std::vector<ResultSet> run_sets(const std::string& args) {
  const std::string json = fmt::format("/tmp/schedlab-calibration-{}.json", getpid());
  bench::run_capture(fmt::format("{} run {} --quiet --no-store --json {}", bench::schedlab_binary().string(), args, json));
  auto sets = schedlab::read_result_file(json, bench::workloads()).sets;
  bench::fs::remove(json);
  return sets;
}

int real(int n, const std::string& seconds) {
  Rates inter, inter_norm, seq, seq_norm;
  int check_bad = 0, checks = 0;
  const std::string spawn = "spawn --duration " + seconds;
  for (int i = 0; i < n; ++i) {
    bench::wait_until_quiet();
    real_pair(run_sets(spawn + " --runs 10 --vary replicate=a,b"), inter, inter_norm, true);
    auto first = run_sets(spawn + " --runs 10"), second = run_sets(spawn + " --runs 10");
    real_pair({first[0], second[0]}, seq, seq_norm, false);
    const std::string good = fmt::format("/tmp/schedlab-calibration-good-{}.json", getpid());
    schedlab::write_result_file(good, {"", {first[0]}});
    const std::string out = bench::run_capture(fmt::format("{} check --baseline {} --threshold 5 --no-store "
                                                           "; true", bench::schedlab_binary().string(), good));
    checks++;
    check_bad += out.rfind("bad:", 0) == 0;
    bench::fs::remove(good);
    fmt::print("experiment {}: interleaved welch {}, sequential welch {}, check bad {}\n", i + 1, inter.welch,
               seq.welch, check_bad);
    std::fflush(stdout);
  }
  fmt::print("\n| real A/A, {} experiments of 10 runs a side | welch | paired-t | mwu | overlap | welch, "
             "sentinel-normalised |\n|---|---|---|---|---|---|\n", n);
  fmt::print("| interleaved (--vary replicate=a,b) | {} | {} | {} | {} | {} |\n", pct(inter.welch, inter.trials),
             pct(inter.paired, inter.trials), pct(inter.mwu, inter.trials), pct(inter.overlap, inter.trials),
             pct(inter_norm.welch, inter_norm.trials));
  fmt::print("| sequential (two runs in turn) | {} | - | {} | {} | {} |\n", pct(seq.welch, seq.trials),
             pct(seq.mwu, seq.trials), pct(seq.overlap, seq.trials), pct(seq_norm.welch, seq_norm.trials));
  fmt::print("\ncheck A/A (baseline 10 runs, threshold 5%): 'bad' in {} of {}\n", check_bad, checks);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string mode = argc > 1 ? argv[1] : "";
  try {
    if (mode == "simulate" && argc > 2) return simulate(argv[2], argc > 3 ? std::atoi(argv[3]) : 4000);
    if (mode == "real" && argc > 2) return real(std::atoi(argv[2]), argc > 3 ? argv[3] : "1");
  } catch (const std::exception& e) {
    fmt::print(stderr, "calibration: {}\n", e.what());
    return 1;
  }
  fmt::print(stderr, "usage: {} simulate FILE [TRIALS] | real N [SECONDS]\n", argv[0]);
  return 2;
}
