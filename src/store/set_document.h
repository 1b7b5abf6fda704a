#pragma once
// A result set as the store keeps it: its complete JSON, exactly as the
// result file holds it (so fields this build does not know, added by a
// newer schedlab, flow through untouched), plus the columns extracted from
// it for querying.
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "workloads/builtin.h"

namespace schedlab::store {

struct SetDocument {
  ordered_json set;     // one element of a result file's "sets"
  std::string created;  // the file's "created" (UTC, ISO 8601)
};

// One run's indexed values (runs table and run_values).
struct RunColumns {
  int index = 0;
  std::optional<int> sequence, block;
  std::string started;
  std::optional<double> started_epoch, window_s, foreign_cpu_pct, loadavg_1m;
  std::vector<std::pair<std::string, double>> values;
};

// Everything the sets table indexes; see docs/store.md.
struct SetColumns {
  std::string content_hash;  // sha256 of the set's JSON text
  std::string created, started, host, kernel, kernel_commit, workload, label, status, error;
  std::optional<double> started_epoch;
  std::string primary_metric, primary_unit, primary_better;
  std::optional<double> primary_mean, primary_stddev, primary_ci95;
  int runs = 0;
  std::vector<std::string> warnings;    // each warning as text (objects as compact JSON)
  std::optional<std::string> argv;      // the command line as a JSON array, when recorded
  std::string tool_version, tool_git;
  std::string spec_id;                  // spec/spec_identity.h: what the set measured
  std::vector<MetricSpec> metrics;
  std::vector<RunColumns> run_rows;
};

// Validates the set (as a result file would be) and extracts its columns;
// its spec id is the one `workloads` gives it.  Throws std::runtime_error
// naming the problem for a malformed set.
SetColumns extract_columns(const SetDocument& doc, const WorkloadRegistry& workloads);

// The spec id (spec/spec_identity.h, 12 hex digits) of a stored set, its
// workload's options read as `workloads` declares them.
std::string stored_spec_id(const SetDocument& doc, const WorkloadRegistry& workloads);

// Seconds since the epoch of an ISO 8601 UTC time ("2026-11-29T22:04:27Z",
// with or without fractional seconds, or a bare date); nullopt otherwise.
std::optional<double> epoch_seconds(const std::string& iso);

// The set's "argv" masked by redact_argv (core/secrets.h): what
// the store writes and reads, so that a file or a row made before masking
// existed gives up no password.  Anything else is left as it is.
void mask_recorded_argv(ordered_json& set);

// The documents of a parsed result file's JSON (validated first).
std::vector<SetDocument> documents_of(const ordered_json& file);

// A result file holding `docs`, in order; `created` is the first one's.
ordered_json result_file_json(const std::vector<SetDocument>& docs);

}  // namespace schedlab::store
