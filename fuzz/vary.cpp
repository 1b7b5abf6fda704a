// --vary, as `schedlab run` takes it: the first line names the workload
// (unknown names fall back to spawn), every further line is one --vary
// KEY=V1,V2,... text.  The axes are parsed and expanded into the full
// factorial, and every variant's KEY=VALUE pairs are applied, typed, to the
// default settings by the same parsers as the command line (the option
// table), as run_command's prepare() does before anything runs.
#include "spec/run_spec_io.h"
#include "spec/vary.h"
#include "fuzz_support.h"

namespace {

using namespace schedlab;

const Workload& workload_named(const std::string& name) {
  const Workload* w = fuzz::workloads().find(name);
  return w ? *w : *fuzz::workloads().find("spawn");
}

void run_variant(const Workload& w, const Assignment& assignment) {
  RunSettings settings;
  WorkloadOptions options(w.info());
  fuzz::accepted([&] {
    for (const auto& [key, value] : assignment) apply_assignment(key, value, settings, options);
    check_settings(settings);
    make_run_spec(w, fuzz::registries().probes, settings, options);
  });
  (void)assignment_label(assignment);  // every set is named by it
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto lines = fuzz::lines_of(fuzz::as_text(data, size));
  const Workload& w = workload_named(lines.front());
  std::vector<VaryAxis> axes;
  for (size_t i = 1; i < lines.size(); ++i)
    if (!fuzz::accepted([&] { axes.push_back(parse_vary(lines[i])); })) return 0;
  std::vector<Assignment> variants;
  if (!fuzz::accepted([&] { variants = expand_axes(axes); })) return 0;
  for (const auto& assignment : variants) run_variant(w, assignment);
  return 0;
}
