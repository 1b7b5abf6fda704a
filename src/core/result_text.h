#pragma once
// The one reader of result documents from outside, below both the report
// (result files) and the store (its rows hold each set's JSON): a
// document is at most kResultLimit bytes and kMaxJsonDepth levels deep
// before nlohmann builds it, and result_file_from_json (core/result.h)
// then checks every field it models.
#include <cstddef>
#include <string_view>

#include "core/result.h"

namespace schedlab {

// A result of thousands of runs with histograms is a few tens of MiB.
inline constexpr std::size_t kResultLimit = std::size_t{256} << 20;

// The JSON document of a result file's (or a stored set's) text: throws
// std::runtime_error when it is longer than kResultLimit or nested deeper
// than kMaxJsonDepth (core/json_depth.h), ordered_json::parse_error when
// it is not JSON.  Validates nothing else: result_file_from_json does.
ordered_json parse_result_text(std::string_view text);

}  // namespace schedlab
