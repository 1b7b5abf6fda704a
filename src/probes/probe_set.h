#pragma once
#include <memory>
#include <string>
#include <vector>

#include "core/result.h"
#include "probes/probe.h"

namespace schedlab {

// --probes as typed: "default" (every probe measured at <= 1% on the
// workload being run: probes/measured_cost.h), "all", "none", or a list of
// probe names, where "default" stands for the default ones.  Which probes
// "default" takes depends on the workload, so it is resolved per workload,
// against the probes the command line passes down (a registry).
struct ProbeSelection {
  std::string text = "default";
  std::vector<std::string> named;  // the names listed, each once, as typed: checked by check_probe_names
  bool all = false;                // "all"
  bool with_default = true;        // "default" was asked for, alone or in the list
  std::string option;              // what it was parsed from, as the caller named it: for check_probe_names

  // Whether `probe` is asked for by name (or by "all"): what a guest's
  // kernel must then have for it (guest/kernel_needs.h).
  bool names(const std::string& probe) const;
  // The probes of `registry` it selects for `workload`, in the registry's
  // (report) order.
  std::vector<std::string> names_for(const ProbeList& registry, const std::string& workload) const;
};

// The words and separators of `text`; the names are checked against a
// registry by check_probe_names.  Throws UsageError naming `option` (as the
// caller knows it: "--probes", a result file's field) and the value.
ProbeSelection parse_probe_selection(const std::string& option, const std::string& text);

// Throws UsageError naming the selection's option, the value and every
// probe `registry` has when the selection names one it lacks.
void check_probe_names(const ProbeList& registry, const ProbeSelection& selection);

// The probes one result set uses: the selection, and for each selected
// probe whether it can run here and, if not, why.
class ProbeSet {
 public:
  // Probes of its own (Probe::fresh) of those of `registry` that
  // `selection` takes for `workload`; UsageError as check_probe_names.
  ProbeSet(const ProbeList& registry, const ProbeSelection& selection, const std::string& workload);

  // The metrics of the selected probes that can run here.
  std::vector<MetricSpec> metrics() const;
  // The result set's "probes" record (docs/result-file.md).
  ordered_json record() const;
  // The selected probes that can run here.
  std::vector<Probe*> runnable() const;

 private:
  struct Entry {
    std::unique_ptr<Probe> probe;
    std::string unavailable;  // "" = can run here
  };
  ProbeSelection selection_;
  std::string workload_;
  std::vector<Entry> entries_;
};

// The probes of one run, from attach to detach: attach in the constructor
// (before the copies' release), detach in the destructor on every path.  A
// probe that fails in a run is left out of it and the reason recorded in the
// run's details under "probes_unavailable"; the run goes on.
class ProbeRun {
 public:
  ProbeRun(const ProbeSet& set, const ProbeContext& context);
  ~ProbeRun();
  ProbeRun(const ProbeRun&) = delete;
  ProbeRun& operator=(const ProbeRun&) = delete;

  void begin() noexcept;
  void end() noexcept;
  void finish(const ProbeWindow& window, MetricValues& values, ordered_json& details);

 private:
  void drop(size_t i, const std::string& why) noexcept;
  std::vector<Probe*> probes_;        // attached, still measuring
  ordered_json unavailable_ = ordered_json::object();
};

}  // namespace schedlab
