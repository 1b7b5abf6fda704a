#pragma once
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/metric.h"
#include "core/param_spec.h"
#include "core/number_range.h"

namespace schedlab {

using ordered_json = nlohmann::ordered_json;

inline constexpr const char* kResultSchema = "schedlab.result/1";

enum class Status { kPass, kError, kSkip };
const char* to_string(Status s);

// Metric values of one run, in declaration order.
class MetricValues {
 public:
  void set(const std::string& name, double value);
  std::optional<double> get(const std::string& name) const;
  const std::vector<std::pair<std::string, double>>& items() const { return items_; }

 private:
  std::vector<std::pair<std::string, double>> items_;
};

// One measured repetition: raw values, never only means.
// What a result file from outside may hold (core/number_range.h): a window of
// at most 100 days, and values far beyond any rate, count or time measured
// (10^15 ns is 11 days) yet whose squares and sums of thousands stay finite.
inline constexpr NumberRange kWindowRange{0, 1e7};
inline constexpr NumberRange kMetricValueRange{-1e15, 1e15};

struct RunRecord {
  int index = 0;            // 1-based, in execution order within the set
  int block = 0;            // --vary: the randomized block it ran in (1-based); 0 otherwise
  int sequence = -1;        // 0-based position in the whole experiment, all sets; -1 unknown
  int boot = 0;             // `kernels`: the guest boot it ran in (1-based, per kernel); 0 otherwise
  std::string started;      // UTC, RFC 3339 with microseconds
  double window_s = 0;      // the measurement window (or elapsed time in iteration mode)
  MetricValues values;      // each in kMetricValueRange

  ordered_json copies = ordered_json::array();  // per-copy loops, CPUs and pids
  ordered_json details = ordered_json::object(); // workload extras (e.g. per-second RPS samples)
  std::string display;  // text the workload shows under the run line; not stored
};

// Descriptive statistics of one metric over the runs of a set.
struct Summary {
  std::size_t n = 0;
  double mean = 0, median = 0, stddev = 0, min = 0, max = 0;
  double cv_pct = 0;  // stddev / mean * 100; 0 when the mean is 0
};

struct WorkloadRecord {
  std::string name;
  Params params;  // every resolved value, defaults included
  std::string primary_metric;
};

// Something about a set the reader must know beside its numbers: a busy
// machine during a run, a control that could not wait for idle, ...
struct Warning {
  std::string kind;  // "busy", "not-idle", ...
  int run = 0;       // the run it concerns (its index), or 0 for the whole set
  std::string detail;
};

struct ScenarioRecord {
  ordered_json requested = ordered_json::object();
  ordered_json applied = ordered_json::array();
  ordered_json not_applied = ordered_json::array();  // [{control, reason}]
};

// Everything one workload spec under one scenario produced; self-describing.
struct ResultSet {
  std::string label;
  Status status = Status::kPass;
  std::string error;  // set when status is not PASS
  ordered_json tool = ordered_json::object();
  WorkloadRecord workload;
  ScenarioRecord scenario;
  ordered_json environment = ordered_json::object();
  std::vector<MetricSpec> metrics;
  std::vector<RunRecord> runs;
  std::vector<RunRecord> warmup_runs;  // executed first and discarded: never summarized
  std::vector<std::string> argv;       // the command line that produced the set, when known
  std::vector<Warning> warnings;
  // `kernels`: how the guest was booted (kernel, accelerator, QEMU command
  // line, size, pinning, each boot); null for a set measured on this host.
  ordered_json guest;
  // Measured in an emulated machine (QEMU's TCG): the figures say nothing
  // about performance, and compare marks no difference unless --force.
  bool emulated = false;
  // --probes and each selected probe's availability (probes/probe_set.h);
  // null in files written before probes existed.
  ordered_json probes;

  // Summaries of every metric over the runs (computed, not stored state).
  std::map<std::string, Summary> summarize() const;
};

struct ResultFile {
  std::string created;  // UTC, ISO 8601
  std::vector<ResultSet> sets;
};

// Whether an environment (`schedlab env`'s) is a CPU QEMU emulates: its
// own CPUID says TCG (system.virtualization.hypervisor_vendor).
bool environment_is_emulated(const ordered_json& environment);

// Whether a set's figures are an emulator's: marked by `kernels` or `lava
// collect`, or measured by hand inside a TCG guest (its environment says
// so).  compare and check ask this one question, so a set run by hand in a
// guest is treated like one `kernels` ran.
bool measured_under_emulation(const ResultSet& set);

void to_json(ordered_json& j, const ResultSet& set);
void to_json(ordered_json& j, const ResultFile& file);

// Parses a result document; throws std::runtime_error describing the first
// problem (missing field, wrong type, foreign schema).
ResultFile result_file_from_json(const ordered_json& j);

// The current UTC time as ISO 8601 ("2026-11-29T22:04:27Z").
std::string utc_now_iso8601();
// The same with microseconds, RFC 3339 ("2026-11-29T22:04:27.123456Z").
std::string utc_now_rfc3339_us();

}  // namespace schedlab
