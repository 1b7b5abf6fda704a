// Every option parser, one per input: the first byte picks the parser (a
// letter below, else the byte modulo their number), the rest is the text as
// the user typed it.  Where a value is written into a result file and read
// back by `check`, the round trip must give the same value.
#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <climits>
#include <functional>

#include "spec/option_values.h"
#include "spec/run_option_table.h"
#include "core/copies.h"
#include "core/cpu_list.h"
#include "core/duration.h"
#include "core/whole_number.h"
#include "fuzz_support.h"
#include "scenario/sched_policy.h"

namespace {

using namespace schedlab;
using fuzz::accepted;
using fuzz::require;

// A result file stores durations as seconds (a JSON double) and check reads
// them back as "<seconds>s" (run_spec_io.cpp).
void duration(const std::string& text, bool allow_zero) {
  std::chrono::nanoseconds d{};
  if (!accepted([&] { d = parse_duration("--duration", text, allow_zero); })) return;
  const std::string stored = fmt::format("{}s", to_seconds(d));
  require(parse_duration("--duration", stored, allow_zero) == d, "duration via seconds", text);
}

void cpu_list(const std::string& text) {
  std::vector<int> cpus;
  if (!accepted([&] { cpus = parse_cpu_list("--cpus", text); })) return;
  require(parse_cpu_list("--cpus", format_cpu_list(cpus)) == cpus, "cpu list via its text", text);
}

void copies(const std::string& text) {
  CopiesSpec spec;
  if (!accepted([&] { spec = parse_copies("--copies", text); })) return;
  const CopiesSpec back = parse_copies("--copies", spec.text());
  require(back.kind == spec.kind && back.value == spec.value, "copies via its text", text);
  require(spec.resolve(1) >= 1 && spec.resolve(65536) >= 1, "copies resolve to at least 1", text);
}

// The one integer parser: an accepted number prints as a number it accepts.
void whole_number(const std::string& text) {
  if (auto v = parse_whole_number<int>(text, INT_MIN, INT_MAX))
    require(parse_whole_number<int>(std::to_string(*v), INT_MIN, INT_MAX) == v, "int via text", text);
  if (auto v = parse_whole_number<std::int64_t>(text, 1, 100000))
    require(*v >= 1 && *v <= 100000, "range", text);
}

void policy(const std::string& text) {
  sys::SchedAttr attr;
  if (!accepted([&] { attr = parse_policy("--policy", text); })) return;
  const sys::SchedAttr back = parse_policy("--policy", policy_text(attr));
  require(back.policy == attr.policy && back.priority == attr.priority, "policy via its text", text);
}

// --nice through its table entry: what it accepts is within the kernel's range.
void nice(const std::string& text) {
  RunSettings s;
  const RunOptionSpec* spec = option_of_key("nice");
  require(spec != nullptr, "--nice has an entry", text);
  if (!accepted([&] { spec->apply(s, "--nice", text); })) return;
  require(s.scenario.nice && *s.scenario.nice >= kMinNice && *s.scenario.nice <= kMaxNice, "nice range", text);
}

void on_off(const std::string& text) {
  accepted([&] { parse_switch("--autogroup", text); });
}

// An option's text goes through its one parser into the settings, into a
// result's scenario.requested and back through from_json: the same record.
void through_table(const char* option, const std::string& text, const std::vector<std::string>& before = {}) {
  RunSettings s;
  for (const auto& spec : run_option_specs())
    for (const auto& b : before)
      if (long_name(spec) == b.substr(0, b.find(' '))) spec.apply(s, long_name(spec), b.substr(b.find(' ') + 1));
  const RunOptionSpec* spec = nullptr;
  for (const auto& candidate : run_option_specs())
    if (long_name(candidate) == option) spec = &candidate;
  if (!accepted([&] {
        spec->apply(s, option, text);
        check_settings(s);
      }))
    return;
  const ordered_json stored = s;
  require(ordered_json(stored.get<RunSettings>()) == stored, "settings via scenario.requested", text);
}

void sysctl(const std::string& text) { through_table("--sysctl", text); }
void sched_feature(const std::string& text) { through_table("--sched-feature", text); }
void cgroup_parent(const std::string& text) { through_table("--cgroup-parent", text, {"--cgroup-depth 1"}); }
void runs(const std::string& text) { through_table("--runs", text); }
void busy_threshold(const std::string& text) { through_table("--busy-threshold", text); }

struct Parser {
  char key;
  std::function<void(const std::string&)> parse;
};

const std::vector<Parser>& parsers() {
  static const std::vector<Parser> all = {
      {'d', [](const std::string& t) { duration(t, false); }},
      {'w', [](const std::string& t) { duration(t, true); }},
      {'c', cpu_list},
      {'x', copies},
      {'n', whole_number},
      {'p', policy},
      {'i', nice},
      {'o', on_off},
      {'k', sysctl},
      {'f', sched_feature},
      {'g', cgroup_parent},
      {'r', runs},
      {'b', busy_threshold},
  };
  return all;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const auto& all = parsers();
  const Parser* chosen = &all[data[0] % all.size()];
  for (const auto& p : all)
    if (p.key == static_cast<char>(data[0])) chosen = &p;
  chosen->parse(std::string(fuzz::as_text(data + 1, size - 1)));
  return 0;
}
