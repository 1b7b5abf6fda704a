#pragma once
// Axis scales: a data interval mapped onto a pixel interval, linearly or
// by log10, with the tick values an axis shows.
#include <string>
#include <vector>

namespace schedlab::html {

class Scale {
 public:
  // [lo, hi] onto [from, to] (to < from for a y axis, which grows upwards).
  // An empty interval (lo == hi) is widened so that the value sits in the
  // middle; [0, 0] becomes [-0.1, 1], whose ticks are 0 to 1.
  static Scale linear(double lo, double hi, double from, double to);
  // The same by log10; needs 0 < lo.
  static Scale log(double lo, double hi, double from, double to);

  double operator()(double value) const;
  double lo() const { return lo_; }
  double hi() const { return hi_; }
  // Round values inside [lo, hi]: steps of 1, 2 or 5 x 10^k (about five
  // ticks) on a linear scale; powers of ten on a log scale, with 2 and 5
  // between them when it spans less than three decades.
  std::vector<double> ticks() const;

 private:
  Scale(double lo, double hi, double from, double to, bool log)
      : lo_(lo), hi_(hi), from_(from), to_(to), log_(log) {}
  double lo_, hi_, from_, to_;
  bool log_;
};

// [lo, hi] of `values` widened by `fraction` of its span on each side (a
// point never sits on the frame); {0, 1} when `values` is empty.
std::pair<double, double> padded_range(const std::vector<double>& values, double fraction = 0.08);

// A tick value as shown: at most four significant digits, k/M/G for
// thousands, millions, billions ("12.5k", "0.25", "3M").
std::string tick_label(double value);

}  // namespace schedlab::html
