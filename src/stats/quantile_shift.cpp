#include "stats/quantile_shift.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "stats/random_draws.h"

namespace schedlab::stats {
namespace {

using Counts = std::vector<double>;

void check_runs(const std::vector<Counts>& runs, std::size_t bins, const char* which) {
  if (runs.size() < 2) throw std::invalid_argument(std::string("quantile shift: fewer than 2 runs in the ") + which);
  for (const auto& r : runs) {
    if (r.size() != bins) throw std::invalid_argument("quantile shift: a run's counts do not match the bins");
    double total = 0;
    for (double c : r) {
      if (!(c >= 0)) throw std::invalid_argument("quantile shift: a negative or NaN count");
      total += c;
    }
    if (total <= 0) throw std::invalid_argument(std::string("quantile shift: an empty run in the ") + which);
  }
}

void check_input(const BinnedRuns& r, const QuantileShiftOptions& o) {
  for (std::size_t i = 0; i < r.bins.size(); ++i)
    if (!(r.bins[i].lower >= 0 && r.bins[i].upper > r.bins[i].lower) || (i > 0 && r.bins[i].lower < r.bins[i - 1].upper))
      throw std::invalid_argument("quantile shift: bins must be ascending, not overlapping, each [lower, upper)");
  check_runs(r.base, r.bins.size(), "baseline");
  check_runs(r.other, r.bins.size(), "new set");
  if (o.paired && r.base.size() != r.other.size())
    throw std::invalid_argument("quantile shift: paired sets of different lengths");
  if (o.quantiles.empty() || !std::is_sorted(o.quantiles.begin(), o.quantiles.end()) ||
      !(o.quantiles.front() > 0) || !(o.quantiles.back() <= 1))
    throw std::invalid_argument("quantile shift: quantiles must be ascending, in (0, 1]");
  if (!(o.confidence > 0 && o.confidence < 1) || o.resamples < 1 || o.permutations < 1)
    throw std::invalid_argument("quantile shift: confidence in (0, 1), resamples and permutations >= 1");
}

// Every quantile of `qs` (ascending) of one pooled histogram, in one pass.
void quantiles_of(const std::vector<HistogramBin>& bins, const Counts& counts, const std::vector<double>& qs,
                  std::vector<double>& out) {
  double total = 0;
  for (double c : counts) total += c;
  out.assign(qs.size(), 0);
  double below = 0;
  std::size_t k = 0, b = 0;
  for (; k < qs.size(); ++k) {
    const double rank = std::max(1.0, std::ceil(qs[k] * total));
    while (b < counts.size() && below + counts[b] < rank) below += counts[b++];
    if (b == counts.size()) break;  // not reached: the ranks end at the total
    out[k] = bins[b].lower + (bins[b].upper - bins[b].lower) * (rank - below - 0.5) / counts[b];
  }
}

void add_into(Counts& into, const Counts& from) {
  for (std::size_t i = 0; i < into.size(); ++i) into[i] += from[i];
}

// The pooled histograms of one labelling (base, other) and log(other / base)
// of each quantile; `other` is `total` less `base`.
class Pooler {
 public:
  Pooler(const BinnedRuns& r, const std::vector<double>& qs) : runs_(r), qs_(qs), total_(r.bins.size(), 0) {
    for (const auto& x : r.base) add_into(total_, x);
    for (const auto& x : r.other) add_into(total_, x);
  }
  Counts& base() { return base_; }
  void clear() { base_.assign(runs_.bins.size(), 0); }
  // log ratios of the labelling whose baseline was pooled into base().
  const std::vector<double>& log_ratios_against_total() {
    other_ = total_;
    for (std::size_t i = 0; i < other_.size(); ++i) other_[i] -= base_[i];
    return log_ratios(base_, other_);
  }
  const std::vector<double>& log_ratios(const Counts& a, const Counts& b) {
    quantiles_of(runs_.bins, a, qs_, qa_);
    quantiles_of(runs_.bins, b, qs_, qb_);
    logs_.resize(qs_.size());
    for (std::size_t k = 0; k < qs_.size(); ++k) logs_[k] = std::log(qb_[k]) - std::log(qa_[k]);
    return logs_;
  }

 private:
  const BinnedRuns& runs_;
  const std::vector<double>& qs_;
  Counts total_, base_, other_;
  std::vector<double> qa_, qb_, logs_;
};

// Linear interpolation between order statistics (R's type 7).
double sorted_quantile(const std::vector<double>& sorted, double p) {
  const double h = (static_cast<double>(sorted.size()) - 1) * p;
  const auto lo = static_cast<std::size_t>(std::floor(h));
  const std::size_t hi = std::min(lo + 1, sorted.size() - 1);
  return sorted[lo] + (h - static_cast<double>(lo)) * (sorted[hi] - sorted[lo]);
}

// The bootstrap's log ratios, per quantile, over the resamples.
std::vector<std::vector<double>> bootstrap(const BinnedRuns& r, const QuantileShiftOptions& o, std::mt19937_64& rng) {
  Pooler pool(r, o.quantiles);
  std::vector<std::vector<double>> out(o.quantiles.size());
  Counts a, b;
  for (int s = 0; s < o.resamples; ++s) {
    a.assign(r.bins.size(), 0);
    b.assign(r.bins.size(), 0);
    if (o.paired) {
      for (std::size_t k = 0; k < r.base.size(); ++k) {
        const auto block = uniform_below(rng, r.base.size());
        add_into(a, r.base[block]);
        add_into(b, r.other[block]);
      }
    } else {
      for (std::size_t k = 0; k < r.base.size(); ++k) add_into(a, r.base[uniform_below(rng, r.base.size())]);
      for (std::size_t k = 0; k < r.other.size(); ++k) add_into(b, r.other[uniform_below(rng, r.other.size())]);
    }
    const auto& logs = pool.log_ratios(a, b);
    for (std::size_t k = 0; k < logs.size(); ++k) out[k].push_back(logs[k]);
  }
  return out;
}


// How many ways the runs can be relabelled (capped just above `cap`).
double labellings(const BinnedRuns& r, const QuantileShiftOptions& o, double cap) {
  if (o.paired) return r.base.size() >= 62 ? cap + 1 : std::ldexp(1.0, static_cast<int>(r.base.size()));
  const std::size_t n = r.base.size() + r.other.size(), k = r.base.size();
  double c = 1;  // C(n, k), built up as C(n - k + j, j)
  for (std::size_t j = 1; j <= k && c <= cap; ++j) c = c * static_cast<double>(n - k + j) / static_cast<double>(j);
  return std::round(c);
}

// The pooled baseline of a paired labelling: block k's runs swapped where
// `swapped(k)` says so.
template <typename Swapped>
void pool_paired(const BinnedRuns& r, Pooler& pool, Swapped swapped) {
  pool.clear();
  for (std::size_t k = 0; k < r.base.size(); ++k) add_into(pool.base(), swapped(k) ? r.other[k] : r.base[k]);
}

// The pooled baseline of an unpaired labelling: the runs at `picked`, out
// of the baseline's runs followed by the new set's.
void pool_unpaired(const BinnedRuns& r, Pooler& pool, const std::vector<std::size_t>& picked) {
  pool.clear();
  const std::size_t n1 = r.base.size();
  for (std::size_t i : picked) add_into(pool.base(), i < n1 ? r.base[i] : r.other[i - n1]);
}

// The next k-subset of {0..n-1} in lexicographic order; false after the last.
bool next_subset(std::vector<std::size_t>& idx, std::size_t n) {
  const std::size_t k = idx.size();
  for (std::size_t i = k; i-- > 0;) {
    if (idx[i] < n - k + i) {
      ++idx[i];
      for (std::size_t j = i + 1; j < k; ++j) idx[j] = idx[j - 1] + 1;
      return true;
    }
  }
  return false;
}

// Calls `visit` once per relabelling, with the baseline pooled in `pool`:
// every one (exact) or `permutations` random ones.  Returns how many.
template <typename Visit>
std::size_t relabel(const BinnedRuns& r, const QuantileShiftOptions& o, bool exact, std::mt19937_64& rng,
                    Pooler& pool, Visit visit) {
  std::size_t seen = 0;
  const std::size_t n1 = r.base.size(), n = n1 + r.other.size();
  if (o.paired && exact) {
    for (std::uint64_t mask = 0; mask < (std::uint64_t{1} << n1); ++mask, ++seen) {
      pool_paired(r, pool, [&](std::size_t k) { return ((mask >> k) & 1U) != 0; });
      visit();
    }
  } else if (o.paired) {
    for (; seen < static_cast<std::size_t>(o.permutations); ++seen) {
      pool_paired(r, pool, [&](std::size_t) { return uniform_below(rng, 2) == 1; });
      visit();
    }
  } else if (exact) {
    std::vector<std::size_t> idx(n1);
    for (std::size_t i = 0; i < n1; ++i) idx[i] = i;
    do {
      pool_unpaired(r, pool, idx);
      visit();
      ++seen;
    } while (next_subset(idx, n));
  } else {
    std::vector<std::size_t> order(n);
    for (; seen < static_cast<std::size_t>(o.permutations); ++seen) {
      for (std::size_t i = 0; i < n; ++i) order[i] = i;
      fisher_yates(order, rng);
      pool_unpaired(r, pool, {order.begin(), order.begin() + static_cast<std::ptrdiff_t>(n1)});
      visit();
    }
  }
  return seen;
}

// Permutation p-values of |log ratio| >= the observed one, per quantile.
std::vector<double> permutation_p(const BinnedRuns& r, const QuantileShiftOptions& o, const std::vector<double>& observed,
                                  std::mt19937_64& rng, QuantileShifts& out) {
  Pooler pool(r, o.quantiles);
  out.exact = labellings(r, o, o.permutations) <= o.permutations;
  std::vector<double> at_least(observed.size(), 0);
  out.relabellings = relabel(r, o, out.exact, rng, pool, [&] {
    const auto& logs = pool.log_ratios_against_total();
    for (std::size_t k = 0; k < logs.size(); ++k)
      at_least[k] += std::fabs(logs[k]) >= std::fabs(observed[k]) * (1 - 1e-9) - 1e-12;
  });
  const auto n = static_cast<double>(out.relabellings);
  // Exact: the observed labelling is among those counted; a mirror image
  // (the two sets' runs swapped whole) gives the same |log ratio|.
  const bool mirrored = o.paired || r.base.size() == r.other.size();
  out.smallest_p = out.exact ? (mirrored ? 2 : 1) / n : 1 / (n + 1);
  std::vector<double> p;
  p.reserve(at_least.size());
  for (double c : at_least) p.push_back(out.exact ? c / n : (c + 1) / (n + 1));
  return p;
}

}  // namespace

double pooled_quantile(const std::vector<HistogramBin>& bins, const std::vector<double>& counts, double q) {
  std::vector<double> out;
  quantiles_of(bins, counts, {q}, out);
  return out.front();
}

}  // namespace schedlab::stats

namespace schedlab::stats {

QuantileShifts quantile_shifts(const BinnedRuns& runs, const QuantileShiftOptions& o) {
  check_input(runs, o);
  Counts base(runs.bins.size(), 0), other(runs.bins.size(), 0);
  for (const auto& x : runs.base) add_into(base, x);
  for (const auto& x : runs.other) add_into(other, x);
  QuantileShifts out;
  std::vector<double> qa, qb;
  quantiles_of(runs.bins, base, o.quantiles, qa);
  quantiles_of(runs.bins, other, o.quantiles, qb);
  Pooler pool(runs, o.quantiles);
  const std::vector<double> observed = pool.log_ratios(base, other);
  std::mt19937_64 rng(o.seed);
  const auto p = permutation_p(runs, o, observed, rng, out);
  auto boots = bootstrap(runs, o, rng);
  for (std::size_t k = 0; k < o.quantiles.size(); ++k) {
    std::sort(boots[k].begin(), boots[k].end());
    const Interval logs{sorted_quantile(boots[k], (1 - o.confidence) / 2),
                        sorted_quantile(boots[k], (1 + o.confidence) / 2)};
    out.shifts.push_back({o.quantiles[k], qa[k], qb[k], qb[k] / qa[k], {std::exp(logs.low), std::exp(logs.high)}, p[k]});
  }
  return out;
}

}  // namespace schedlab::stats
