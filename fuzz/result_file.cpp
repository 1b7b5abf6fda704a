// Reading result files, as `compare` and `check --baseline` do: the JSON
// parsed by result_file_from_json, then every set's spec read back through
// the command line's parsers (read_run_spec), as `check` re-runs it.
//
// A spec that was read must also survive being written and read again,
// unchanged: `check --json` records the spec it ran, and a later `check` on
// that file must run the same thing.  The first read normalises (4.0 becomes
// "4"); from then on write/read is a fixed point.  A refusal on the second
// read escapes on purpose: an accepted spec must read back.
#include <cstdio>
#include <cstdlib>

#include "spec/run_spec_io.h"
#include "fuzz_support.h"

namespace {

using namespace schedlab;

ResultSet written(const RunSpec& spec) {
  ResultSet set;
  write_run_spec(spec, set);
  return set;
}

// What of a set a spec is: the workload, its params and scenario.requested.
ordered_json spec_part(const ResultSet& set) {
  ordered_json params;
  to_json(params, set.workload.params);
  return {{"workload", set.workload.name}, {"params", params}, {"requested", set.scenario.requested}};
}

void check_round_trip(const RunSpec& spec) {
  const ResultSet once = written(spec);
  const ResultSet twice = written(read_run_spec(once, fuzz::registries()));
  if (spec_part(once) != spec_part(twice)) {
    std::fprintf(stderr, "spec changed on a write/read round trip:\n%s\n%s\n",
                 spec_part(once).dump().c_str(), spec_part(twice).dump().c_str());
    std::abort();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto file = fuzz::read_result_text(fuzz::as_text(data, size));
  if (!file) return 0;
  for (const auto& set : file->sets) {
    std::optional<RunSpec> spec;
    if (fuzz::accepted([&] { spec = read_run_spec(set, fuzz::registries()); })) check_round_trip(*spec);
  }
  return 0;
}
