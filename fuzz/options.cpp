// Every option parser, one per input: the first byte picks the parser (a
// letter below, else the byte modulo their number), the rest is the text as
// the user typed it.  Where a value is written into a result file and read
// back by `check`, the round trip must give the same value.
#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <climits>
#include <functional>

#include "cli/run_options.h"
#include "cli/run_spec_io.h"
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

void nice(const std::string& text) {
  accepted([&] { require(parse_nice("--nice", text) >= -20, "nice range", text); });
}

void on_off(const std::string& text) {
  accepted([&] { parse_switch("--autogroup", text); });
}

// Scenario texts go into a result's scenario.requested and come back
// through texts_from_requested: the same request.
void scenario(RunOptionTexts texts, const std::string& text) {
  ScenarioRequest r;
  if (!accepted([&] { r = to_scenario(texts); })) return;
  const ordered_json stored = requested_json(r);
  require(requested_json(to_scenario(texts_from_requested(stored))) == stored,
          "scenario via scenario.requested", text);
}

void sysctl(const std::string& text) {
  RunOptionTexts t;
  t.sysctls = {text};
  scenario(t, text);
}

void sched_feature(const std::string& text) {
  RunOptionTexts t;
  t.sched_features = {text};
  scenario(t, text);
}

void cgroup_parent(const std::string& text) {
  RunOptionTexts t;
  t.cgroup_parent = text;
  t.cgroup_depth = "1";
  scenario(t, text);
}

void runs(const std::string& text) {
  RunOptionTexts t;
  t.runs = text;
  accepted([&] { require(to_run_options(t).runs >= 1, "runs at least 1", text); });
}

void busy_threshold(const std::string& text) {
  RunOptionTexts t;
  t.busy_threshold = text;
  accepted([&] { to_run_options(t); });
}

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
