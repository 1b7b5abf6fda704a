// Two-sample significance tests, effect sizes and intervals for `compare`
// and `check`.
//
// - Welch's t-test: t = (mean_b - mean_a) / sqrt(s_a^2/n_a + s_b^2/n_b), with
//   the Welch–Satterthwaite degrees of freedom; two-sided p from Student's t
//   (Boost.Math).  Welch (1947), Biometrika 34:28–35.
// - Mann–Whitney U: average ranks, U1 = R1 - n1(n1+1)/2, two-sided on
//   max(U1, U2); exact null distribution (counting recursion) when both
//   samples have at most 8 values and there are no ties, else the normal
//   approximation with tie and 0.5 continuity corrections — the rules of
//   scipy.stats.mannwhitneyu (method "auto"), so p-values match scipy's.
// - Interval overlap (mmtests since 2024-11): significant when
//   |mean_b - mean_a| > 1.959964 (s_a + s_b), independent of n.  A rule,
//   not a test: it has no p-value.
// - Paired t-test on the differences b_i - a_i (runs of one --vary block).
// - Hedges' g (bias-corrected standardised mean difference) and the Welch
//   confidence interval of mean_b - mean_a.
#pragma once
#include <optional>
#include <span>
#include <string>

namespace schedlab::stats {

enum class TestKind { kWelch, kMannWhitney, kOverlap, kPairedT };
const char* to_string(TestKind kind);

struct TestResult {
  bool available = false;  // enough values for the test
  std::string why_not;     // when not available, e.g. "needs at least 2 runs per set"
  double statistic = 0;    // t, U or the overlap ratio |Δ| / (1.96 (s_a + s_b))
  double df = 0;           // t-tests only
  std::optional<double> p_value;  // none for the overlap rule, which is not a test
  bool significant = false;
  // The smallest p-value the test can give with these sample sizes (the
  // exact rank test with 3 and 3 runs cannot go below 0.1); 0 when unbounded.
  double min_p = 0;
};

TestResult welch_t_test(std::span<const double> a, std::span<const double> b, double alpha);
TestResult mann_whitney_u(std::span<const double> a, std::span<const double> b, double alpha);
TestResult overlap_test(std::span<const double> a, std::span<const double> b);
// a[i] and b[i] are a pair; the spans must be the same length.
TestResult paired_t_test(std::span<const double> a, std::span<const double> b, double alpha);

TestResult run_test(TestKind kind, std::span<const double> a, std::span<const double> b, double alpha);

struct Interval {
  double low = 0, high = 0;
};
// Confidence interval of mean(b) - mean(a), Welch's method; needs n >= 2 each.
Interval welch_difference_interval(std::span<const double> a, std::span<const double> b,
                                   double confidence);
// Confidence interval of the mean of the paired differences b_i - a_i (the
// paired t-test's), so that a paired p-value and its interval agree.
Interval paired_difference_interval(std::span<const double> a, std::span<const double> b,
                                    double confidence);
// Hedges' g of b against a (pooled standard deviation, small-sample corrected).
double hedges_g(std::span<const double> a, std::span<const double> b);

}  // namespace schedlab::stats
