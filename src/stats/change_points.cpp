#include "stats/change_points.h"

#include <algorithm>
#include <random>
#include <utility>

#include "core/descriptive.h"

namespace schedlab::stats {
namespace {

// Counts and sums of the values inserted so far, by rank.
class Fenwick {
 public:
  explicit Fenwick(std::size_t n) : count_(n + 1), sum_(n + 1) {}
  void add(std::size_t rank, double value) {
    for (std::size_t i = rank + 1; i < count_.size(); i += i & -i) {
      ++count_[i];
      sum_[i] += value;
    }
  }
  // {count, sum} of inserted values with rank <= `rank`.
  std::pair<double, double> prefix(std::size_t rank) const {
    double c = 0, s = 0;
    for (std::size_t i = rank + 1; i > 0; i -= i & -i) {
      c += count_[i];
      s += sum_[i];
    }
    return {c, s};
  }

 private:
  std::vector<double> count_, sum_;
};

// A value with its rank within its segment.  Permuting a segment moves
// values with their ranks, so the ranks are computed once per segment and
// never by a permutation.
struct Ranked {
  double x = 0;
  std::size_t rank = 0;  // equal values share the rank of the last of them
};

std::vector<Ranked> rank_within(std::span<const double> xs) {
  std::vector<double> sorted(xs.begin(), xs.end());
  std::sort(sorted.begin(), sorted.end());
  std::vector<Ranked> out;
  out.reserve(xs.size());
  for (double x : xs)
    out.push_back({x, static_cast<std::size_t>(std::upper_bound(sorted.begin(), sorted.end(), x) -
                                               sorted.begin() - 1)});
  return out;
}

// w[t] = Σ_{i<k<t} |x_i - x_k| over the values in visiting order, t = 0..n:
// each new value's distance to all before it is count·x - sum below it
// plus sum - count·x above it.  `reverse` visits from the end.
std::vector<double> within_sums(std::span<const Ranked> xs, bool reverse) {
  const std::size_t n = xs.size();
  Fenwick tree(n);
  std::vector<double> w(n + 1, 0.0);
  double total = 0;
  for (std::size_t k = 0; k < n; ++k) {
    const Ranked& v = xs[reverse ? n - 1 - k : k];
    const auto [below_n, below_sum] = tree.prefix(v.rank);
    const double above_n = static_cast<double>(k) - below_n, above_sum = total - below_sum;
    w[k + 1] = w[k] + (below_n * v.x - below_sum) + (above_sum - above_n * v.x);
    tree.add(v.rank, v.x);
    total += v.x;
  }
  return w;
}

Split best_ranked_split(std::span<const Ranked> xs, std::size_t min_size) {
  const std::size_t n = xs.size();
  Split best;
  if (n < 2 * min_size) return best;
  const auto left = within_sums(xs, false);
  const auto right = within_sums(xs, true);  // right[s]: the last s values
  const double total = left[n], m = static_cast<double>(n);
  for (std::size_t at = min_size; at + min_size <= n; ++at) {
    const double t = static_cast<double>(at), u = m - t;
    const double w_left = left[at], w_right = right[n - at];
    const double between = total - w_left - w_right;
    const double q = 2 * between / m - 2 * w_left * u / (m * (t - 1)) - 2 * w_right * t / (m * (u - 1));
    if (q > best.q) best = {at, q};
  }
  return best;
}

struct Segment {
  std::size_t begin = 0, end = 0;
};

struct Candidate {
  std::size_t segment = 0;
  Split split;
};

Candidate best_over(std::span<const Ranked> xs, const std::vector<Segment>& segments, std::size_t min_size) {
  Candidate best;
  for (std::size_t i = 0; i < segments.size(); ++i) {
    const auto& s = segments[i];
    const Split split = best_ranked_split(xs.subspan(s.begin, s.end - s.begin), min_size);
    if (split.q > best.split.q) best = {i, {s.begin + split.at, split.q}};
  }
  return best;
}

// The permutation p-value of `observed`, stopping as soon as it must
// exceed alpha (the exact value is only needed for accepted points).
double permutation_p(std::span<const Ranked> xs, const std::vector<Segment>& segments, double observed,
                     const ChangePointOptions& o, std::mt19937_64& rng) {
  std::vector<Ranked> shuffled(xs.begin(), xs.end());
  int at_least = 0;
  const double denominator = o.permutations + 1.0;
  for (int r = 0; r < o.permutations; ++r) {
    for (const auto& s : segments)
      std::shuffle(shuffled.begin() + static_cast<std::ptrdiff_t>(s.begin),
                   shuffled.begin() + static_cast<std::ptrdiff_t>(s.end), rng);
    if (best_over(shuffled, segments, o.min_size).split.q >= observed) ++at_least;
    if ((at_least + 1) / denominator > o.alpha) return (at_least + 1) / denominator;
  }
  return (at_least + 1) / denominator;
}

// Ranks are per segment: after a split, each part is ranked anew.
void rerank(std::span<const double> xs, std::vector<Ranked>& ranked, const Segment& s) {
  const auto part = rank_within(xs.subspan(s.begin, s.end - s.begin));
  std::copy(part.begin(), part.end(), ranked.begin() + static_cast<std::ptrdiff_t>(s.begin));
}

void describe_means(std::span<const double> xs, std::vector<ChangePoint>& points) {
  for (std::size_t i = 0; i < points.size(); ++i) {
    const std::size_t from = i == 0 ? 0 : points[i - 1].index;
    const std::size_t to = i + 1 < points.size() ? points[i + 1].index : xs.size();
    auto& p = points[i];
    p.before_mean = mean(xs.subspan(from, p.index - from));
    p.after_mean = mean(xs.subspan(p.index, to - p.index));
    p.change_pct = p.before_mean != 0 ? (p.after_mean - p.before_mean) / std::abs(p.before_mean) * 100 : 0;
  }
}

}  // namespace

Split best_split(std::span<const double> xs, std::size_t min_size) {
  return best_ranked_split(rank_within(xs), std::max<std::size_t>(min_size, 2));
}

double q_statistic(std::span<const double> xs, std::size_t at) {
  const std::size_t n = xs.size();
  double between = 0, w_left = 0, w_right = 0;
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t k = i + 1; k < n; ++k) {
      const double d = std::abs(xs[i] - xs[k]);
      if (k < at) w_left += d;
      else if (i >= at) w_right += d;
      else between += d;
    }
  const double t = static_cast<double>(at), u = static_cast<double>(n - at);
  const double e = 2 * between / (t * u) - w_left / (t * (t - 1) / 2) - w_right / (u * (u - 1) / 2);
  return t * u / (t + u) * e;
}

std::vector<ChangePoint> e_divisive(std::span<const double> xs, const ChangePointOptions& options) {
  ChangePointOptions o = options;
  o.min_size = std::max<std::size_t>(o.min_size, 2);
  std::mt19937_64 rng(o.seed);
  std::vector<Segment> segments = {{0, xs.size()}};
  std::vector<Ranked> ranked = rank_within(xs);
  std::vector<ChangePoint> points;
  for (;;) {
    const Candidate c = best_over(ranked, segments, o.min_size);
    if (c.split.q <= 0) break;
    const double p = permutation_p(ranked, segments, c.split.q, o, rng);
    if (p > o.alpha) break;
    points.push_back({c.split.at, c.split.q, p});
    const Segment s = segments[c.segment];
    segments[c.segment] = {s.begin, c.split.at};
    segments.insert(segments.begin() + static_cast<std::ptrdiff_t>(c.segment) + 1, {c.split.at, s.end});
    rerank(xs, ranked, segments[c.segment]);
    rerank(xs, ranked, segments[c.segment + 1]);
  }
  std::sort(points.begin(), points.end(), [](const auto& a, const auto& b) { return a.index < b.index; });
  describe_means(xs, points);
  return points;
}

}  // namespace schedlab::stats
