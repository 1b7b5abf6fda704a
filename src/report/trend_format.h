#pragma once
// `schedlab trend` output: a sparkline, the points and the change points as
// text, or JSON ("schedlab.trend/1").
#include <string>
#include <vector>

#include "store/trend.h"

namespace schedlab {

std::string format_trend_text(const store::Trend& trend);
std::string format_trend_json(const store::Trend& trend);

// One block character (▁..█) per value, scaled from min to max; series
// longer than `width` are averaged into `width` buckets (80: a terminal).  A flat series is
// a row of ▄.
std::string sparkline(const std::vector<double>& values, std::size_t width = 80);

}  // namespace schedlab
