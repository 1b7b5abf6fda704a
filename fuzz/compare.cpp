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
    for (bool force : {false, true}) all.push_back({.test = test, .force = force});
  all.push_back({.test = stats::TestKind::kWelch, .paired = true, .force = true});
  CompareOptions every{.test = stats::TestKind::kWelch, .force = true};
  for (const auto& m : sets.front().metrics) every.metrics.push_back(m.name);
  if (!every.metrics.empty()) all.push_back(every);
  return all;
}

// Whether `text` is well-formed UTF-8.  The reader only accepts valid
// UTF-8, so every string a style prints started valid; a style that cuts a
// label in the middle of a character breaks the terminal or the mail.
bool valid_utf8(std::string_view text) {
  for (size_t i = 0; i < text.size();) {
    const auto lead = static_cast<unsigned char>(text[i]);
    const size_t len = lead < 0x80 ? 1 : (lead >> 5) == 0x6 ? 2 : (lead >> 4) == 0xE ? 3 : (lead >> 3) == 0x1E ? 4 : 0;
    if (len == 0 || i + len > text.size()) return false;
    for (size_t k = 1; k < len; ++k)
      if ((static_cast<unsigned char>(text[i + k]) >> 6) != 0x2) return false;
    i += len;
  }
  return true;
}

// The fields of each CSV record (RFC 4180 quoting: a quoted field may hold
// commas, doubled quotes and newlines).
std::vector<size_t> csv_record_widths(std::string_view csv) {
  std::vector<size_t> widths;
  size_t fields = 1;
  bool quoted = false;
  for (char ch : csv) {
    if (ch == '"') quoted = !quoted;
    else if (ch == ',' && !quoted) ++fields;
    else if (ch == '\n' && !quoted) {
      widths.push_back(fields);
      fields = 1;
    }
  }
  return widths;
}

// Every style, and what scripts and mail readers rely on: the JSON parses,
// every CSV record has the header's number of fields, all text is UTF-8.
void print_every_style(const Comparison& c) {
  const std::string text = format_mmtests(c) + format_lkp(c) + format_markdown(c);
  fuzz::require(valid_utf8(text), "text styles print valid UTF-8", text);
  const std::string csv = format_csv(c);
  // Two tables: the comparison, then (when a probe metric changed) "what
  // changed underneath" after a blank line, under its own header; each
  // record is as wide as its table's header.
  const size_t second = csv.find("\n\nunderneath_set,");
  const std::string_view all(csv);
  for (const std::string_view table : {all.substr(0, second == std::string::npos ? all.size() : second + 1),
                                       second == std::string::npos ? std::string_view() : all.substr(second + 2)}) {
    const auto widths = csv_record_widths(table);
    for (size_t w : widths) fuzz::require(w == widths.front(), "every CSV record as wide as its table's header", csv);
  }
  fuzz::require(ordered_json::accept(format_compare_json(c)), "--style json is JSON", "");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto text = fuzz::as_text(data, size);
  const auto file = fuzz::read_result_text(text);
  if (!file || file->sets.empty()) return 0;
  const auto all = option_sets(file->sets);
  const CompareOptions& options = all[std::hash<std::string_view>{}(text) % all.size()];
  std::optional<Comparison> c;
  if (fuzz::accepted([&] { c = build_comparison(file->sets, options, fuzz::registries()); })) print_every_style(*c);
  return 0;
}
