// The LAVA server's answers to `lava collect --server`: the job's record
// (GET jobs/ID/, JSON) as read_job_record reads it, with the job definition
// it carries (YAML, boots_in_job), and the log (GET jobs/ID/logs/, YAML
// records) as read_lava_log reads it.  A record is refused with
// input::InputError (a UsageError: not JSON, not an object, a field of the
// wrong type); a log's one refusal is "not a LAVA job log" (no line is a
// record: src/grid/lava_log.h), and a malformed record among others is
// named and skipped.
// Anything else escaping (a JSON type_error, a YAML exception, a sanitizer
// report) is a finding: it was exit 70 (issue 30, defect 9).
#include <sstream>
#include <stdexcept>
#include <string>

#include "fuzz_support.h"
#include "grid/lava_job.h"
#include "grid/lava_log.h"
#include "grid/lava_server.h"

using namespace schedlab;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string body(fuzz::as_text(data, size));
  fuzz::accepted([&] { (void)grid::boots_in_job(grid::read_job_record(body, "the job's record").definition); });
  std::istringstream log(body);
  try {
    (void)grid::read_lava_log(log);
  } catch (const std::runtime_error& e) {
    fuzz::require(std::string(e.what()).rfind("not a LAVA job log", 0) == 0, "the one refusal of a whole log", body);
  }
  return 0;
}
