#pragma once
// What the fuzz targets share: the line between an input refused the
// documented way and a finding.  A target catches only the refusals listed
// here; anything else it lets escape (std::terminate -> abort), and
// libFuzzer records that input as a crash, like a sanitizer report.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.h"
#include "core/result.h"
#include "workloads/builtin.h"

namespace schedlab::fuzz {

// The fuzzer's bytes as text.
inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

// Runs `step`; false when it refused its input with schedlab::Error (a
// UsageError naming the option and the value), the one documented way a
// parser or the compare pipeline says no.  Anything else propagates.
template <typename Step>
bool accepted(Step&& step) {
  try {
    step();
    return true;
  } catch (const Error&) {
    return false;
  }
}

// `text` as a result file, or nullopt when it is refused the way
// read_result_file refuses it: not JSON, nested too deep, a JSON type error,
// or our own validation (std::runtime_error "sets[0] has no \"label\"", parse_better's
// std::invalid_argument).  read_result_file turns exactly these into one
// "not a valid schedlab result file" line.  It also catches every other
// std::exception, which would hide bad_alloc or length_error; we do not.
std::optional<ResultFile> read_result_text(std::string_view text);

// The built-in workloads, made once (read_run_spec looks names up here);
// with the built-in probes, what a comparison and the store are given.
const WorkloadRegistry& workloads();
Registries registries();

// Aborts, printing `property` and `input`, when `holds` is false: a
// property the program relies on (a value survives the result file) broke.
void require(bool holds, std::string_view property, std::string_view input);

// `text` split at '\n' (empty pieces kept): one option value per line.
std::vector<std::string> lines_of(std::string_view text);

}  // namespace schedlab::fuzz
