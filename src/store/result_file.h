#pragma once
#include <string>
#include <string_view>

#include "core/result.h"

namespace schedlab {

// Writes `file` to `path` atomically (a temporary file in the same
// directory, then rename), so a reader never sees half a file and a crash
// keeps the previous complete version.  Throws SystemError.
void write_result_file(const std::string& path, const ResultFile& file);

// Reads and validates a result file.  Throws UsageError "FILE: problem" for
// a missing, malformed, truncated or foreign file.
ResultFile read_result_file(const std::string& path);

// The same checks, but the document as written: every field, including
// those this build does not model (the store keeps sets losslessly).
ordered_json read_result_json(const std::string& path);

// The JSON document of a result file's text, not nested deeper than
// kMaxJsonDepth (core/json_depth.h): throws std::runtime_error when it is,
// ordered_json::parse_error when it is not JSON.  Validates nothing else:
// result_file_from_json does.  read_result_json's parser.
ordered_json parse_result_text(std::string_view text);


}  // namespace schedlab
