#pragma once
// The one reader of result documents from outside, below both the report
// (result files) and the store (its rows hold each set's JSON): a
// document is at most kResultLimit bytes and kMaxJsonDepth levels deep
// before nlohmann builds it, and result_file_from_json (core/result.h)
// then checks every field it models.
#include <cstddef>
#include <string_view>

#include "core/result.h"
#include "input/limits.h"

namespace schedlab {

// A result of thousands of runs with histograms is a few tens of MiB.
inline constexpr std::size_t kResultLimit = input::kResultFile.max_bytes;

// The JSON document of a result file's (or a stored set's) text, read by
// input/json_document.h: throws std::runtime_error saying why when it is
// longer than kResultLimit, nested deeper than kMaxJsonDepth or not JSON
// ("not JSON (at byte 7)").  Validates nothing else: result_file_from_json
// does.
ordered_json parse_result_text(std::string_view text);

}  // namespace schedlab
