// The compare pipeline, as `schedlab compare FILE...` runs it: the sets of a
// fuzzed result file (a --vary file holds several; the first is the
// baseline) go through build_comparison, and the comparison is printed in
// every style.  The options are one of: each test, paired, with and without
// --force, the default metrics or every metric the sets declare.  A hash of
// the input picks which, so the same input always runs the same comparison,
// and one comparison per input (not all eight) keeps the fuzzer fast enough
// to matter: mutations spread over all of them.  The only documented refusal is a
// UsageError (specs differ without --force, unknown metric, --paired sets
// without blocks); a Boost or JSON exception escaping is a finding, as is
// anything a sanitizer reports.
#include <functional>

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
  const auto text = fuzz::as_text(data, size);
  const auto file = fuzz::read_result_text(text);
  if (!file || file->sets.empty()) return 0;
  const auto all = option_sets(file->sets);
  const CompareOptions& options = all[std::hash<std::string_view>{}(text) % all.size()];
  std::optional<Comparison> c;
  if (fuzz::accepted([&] { c = build_comparison(file->sets, options); })) print_every_style(*c);
  return 0;
}
