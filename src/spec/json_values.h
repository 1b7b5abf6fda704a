#pragma once
// Values of a result file's spec as the command line would spell them, with
// the field named in the one-line refusal (run settings and workload
// options read back from a file: spec/run_settings, spec/run_spec_io).
#include <string>

#include "core/result.h"  // ordered_json

namespace schedlab {

// A JSON scalar as text ("2x", 4, 0.5, true); the value's own parser checks
// it.  Throws UsageError naming `field` for an object, array or null.
std::string text_of(const ordered_json& j, const std::string& field);

// A JSON boolean; UsageError naming `field` otherwise.
bool bool_of(const ordered_json& j, const std::string& field);

}  // namespace schedlab
