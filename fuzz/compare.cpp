// The compare pipeline, as `schedlab compare FILE...` runs it: the sets of a
// fuzzed result file (a --vary file holds several; the first is the
// baseline) go through build_comparison under every test, paired or not,
// with the default metrics and with every metric the sets declare, and each
// comparison is printed in every style.  The only documented refusal is a
// UsageError (specs differ without --force, unknown metric, --paired sets
// without blocks); a Boost or JSON exception escaping is a finding, as is
// anything a sanitizer reports.
#include "compare/comparison.h"
#include "fuzz_support.h"
#include "report/compare_reporters.h"

namespace {

using namespace schedlab;

std::vector<CompareOptions> option_sets(const std::vector<ResultSet>& sets) {
  std::vector<CompareOptions> all;
  for (auto test : {stats::TestKind::kWelch, stats::TestKind::kMannWhitney, stats::TestKind::kOverlap})
    for (bool force : {false, true}) all.push_back({test, 0.05, false, {}, force});
  all.push_back({stats::TestKind::kWelch, 0.05, true, {}, true});
  CompareOptions every{stats::TestKind::kWelch, 0.05, false, {}, true};
  for (const auto& m : sets.front().metrics) every.metrics.push_back(m.name);
  if (!every.metrics.empty()) all.push_back(every);
  return all;
}

void print_every_style(const Comparison& c) {
  (void)format_mmtests(c);
  (void)format_lkp(c);
  (void)format_markdown(c);
  (void)format_csv(c);
  (void)format_compare_json(c);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto file = fuzz::read_result_text(fuzz::as_text(data, size));
  if (!file || file->sets.empty()) return 0;
  for (const auto& options : option_sets(file->sets)) {
    std::optional<Comparison> c;
    if (fuzz::accepted([&] { c = build_comparison(file->sets, options); })) print_every_style(*c);
  }
  return 0;
}
