// Benjamini–Hochberg and Holm against published worked examples.
#include "stats/multiple_testing.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

namespace schedlab::stats {
namespace {

// Benjamini and Hochberg (1995), section 4: the 15 p-values of Neuhaus et
// al.'s thrombolysis trial.  At q = 0.05 their procedure rejects the four
// smallest, where Bonferroni-type procedures (Holm's among them) reject
// three.  The adjusted values are R's p.adjust(p, "BH") of the same vector.
const std::vector<double> kNeuhaus = {0.0001, 0.0004, 0.0019, 0.0095, 0.0201, 0.0278, 0.0298, 0.0344,
                                      0.0459, 0.3240, 0.4262, 0.5719, 0.6528, 0.7590, 1.0000};

int below(const std::vector<double>& adjusted, double level) {
  int n = 0;
  for (double a : adjusted) n += a <= level;
  return n;
}

}  // namespace

TEST(MultipleTesting, BenjaminiHochbergRejectsFourOfNeuhaus) {
  const auto q = benjamini_hochberg(kNeuhaus);
  const std::vector<double> expected = {0.0015,   0.003,    0.0095,   0.035625, 0.0603,
                                        0.063857, 0.063857, 0.0645,   0.0765,   0.486,
                                        0.581182, 0.714875, 0.753231, 0.813214, 1.0};
  ASSERT_EQ(q.size(), expected.size());
  for (size_t i = 0; i < q.size(); ++i) EXPECT_NEAR(q[i], expected[i], 5e-7) << i;
  EXPECT_EQ(below(q, 0.05), 4);
}

TEST(MultipleTesting, HolmRejectsThreeOfNeuhaus) { EXPECT_EQ(below(holm(kNeuhaus), 0.05), 3); }

// Holm's procedure as Wikipedia's article on it works it: four hypotheses
// with p = 0.01, 0.04, 0.03, 0.005 at alpha 0.05; H1 and H4 are rejected.
TEST(MultipleTesting, HolmWorkedExample) {
  const auto a = holm(std::vector<double>{0.01, 0.04, 0.03, 0.005});
  EXPECT_NEAR(a[0], 0.03, 1e-12);
  EXPECT_NEAR(a[1], 0.06, 1e-12);
  EXPECT_NEAR(a[2], 0.06, 1e-12);
  EXPECT_NEAR(a[3], 0.02, 1e-12);
}

TEST(MultipleTesting, KeepsTheInputOrderAndBounds) {
  const std::vector<double> p = {0.5, 0.01, 0.5, 0.9};
  const auto q = benjamini_hochberg(p);
  EXPECT_NEAR(q[1], 0.04, 1e-12);  // 4 x 0.01 / 1
  for (double v : q) EXPECT_LE(v, 1.0);
  EXPECT_TRUE(benjamini_hochberg(std::vector<double>{}).empty());
  EXPECT_EQ(holm(std::vector<double>{0.7}), std::vector<double>{0.7});
  EXPECT_THROW(benjamini_hochberg(std::vector<double>{0.1, 1.5}), std::invalid_argument);
  EXPECT_THROW(holm(std::vector<double>{std::numeric_limits<double>::quiet_NaN()}), std::invalid_argument);
}

}  // namespace schedlab::stats
