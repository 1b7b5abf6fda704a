#pragma once
#include <string>
#include <string_view>

#include "core/result.h"
#include "input/result_text.h"  // parse_result_text, the reader this file uses
#include "workloads/builtin.h"

namespace schedlab {

// Writes `file` to `path` atomically (a temporary file in the same
// directory, then rename), so a reader never sees half a file and a crash
// keeps the previous complete version.  Throws SystemError.
void write_result_file(const std::string& path, const ResultFile& file);

// Reads and validates a result file.  Throws UsageError "FILE: problem" for
// a missing, malformed, truncated or foreign file, or one whose set records
// a spec_id other than the one `workloads` gives its spec.
ResultFile read_result_file(const std::string& path, const WorkloadRegistry& workloads);

// The same checks, but the document as written: every field, including
// those this build does not model (the store keeps sets losslessly).
ordered_json read_result_json(const std::string& path, const WorkloadRegistry& workloads);

}  // namespace schedlab
