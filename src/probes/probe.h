#pragma once
#include <sys/types.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/metric.h"
#include "core/result.h"

namespace schedlab {

class Journal;

// What a probe is, declared once: `schedlab list --probes`, the default
// selection, the result file's metrics and docs/probes.md all come from it.
struct ProbeInfo {
  std::string name;     // kebab-case: "perf-sw"
  std::string summary;  // one line: what it records
  std::string needs;    // what it needs from the kernel and the caller
  // Its cost is not here: it depends on the workload watched, and lives
  // in one table per probe and workload (probes/measured_cost.h).
  std::vector<MetricSpec> metrics;  // per-loop variants included
  // Whether it works while the window is open (counters counting in the
  // kernel, a tracer) rather than only reading at the edges; the bench
  // measures the first kind by interleaved A/B, the second by timing its
  // edges, which is all it adds to a run.
  bool in_window = false;
  // Kernel filesystems it uses that other runs may use at once ("tracefs"):
  // used only through scenario/shared_mount.h, so a run ending first never
  // unmounts them under another; a test runs two overlapping runs of every
  // probe that lists one.
  std::vector<std::string> shared_mounts = {};
  // The kernel options it needs ("CONFIG_PSI"): a guest kernel named with
  // --probes is checked for them before it boots (guest/kernel_needs.h).
  std::vector<std::string> kernel_config = {};
  // The probe whose records this one's hold as well ("bpf" for bpf-offcpu:
  // the same metrics, and more details): selected together, only this one
  // runs (ProbeSelection::names_for), so no metric is recorded twice.
  std::string includes = {};
};

// What a probe learns about the run it brackets, before the copies are
// released from their start barrier.
struct ProbeContext {
  std::vector<int> cpu_set;              // the CPUs the copies may use
  std::vector<pid_t> copies;             // the copies' pids, waiting at the barrier
  std::vector<pid_t> tasks;              // every thread of their process trees then
  std::vector<std::string> chain_dirs;   // v2 cgroup chain, top level first; empty without --cgroup-depth
  Journal* journal = nullptr;            // for changes a probe makes to the system (tracefs)
  std::string run_tag;                   // unique per run of this process: "<pid>-<n>"
  std::uint32_t sample_frequency_hz = 0; // sampling probes (profile): --profile-freq
};

// What the window held, known once the copies are gone.
struct ProbeWindow {
  double loops = 0;     // loops of all copies in the window (requests for wakeup)
  double window_s = 0;  // the window's length
};

// Brackets every measurement window.  The runner calls, per run:
// attach() after the copies reached their start barrier and before they are
// released; begin() right before the window opens and end() right after it
// closes — the harness runs SCHED_FIFO there, so both only read; finish()
// after the copies are gone, where the work is done; detach() on every path
// (error and interrupt included), which releases what attach() set up.
// A probe the kernel refuses reports why rather than failing the run.
class Probe {
 public:
  virtual ~Probe() = default;
  // A probe of the same kind, never attached: the registry's probes describe,
  // and each result set attaches probes of its own (ProbeSet).
  virtual std::unique_ptr<Probe> fresh() const = 0;
  virtual const ProbeInfo& info() const = 0;
  // "" when the probe can run on this machine as this user; else why not,
  // naming the missing facility or privilege.  Cheap; changes nothing.
  virtual std::string unavailable_reason() const = 0;
  // Returns "" or why this run cannot be measured (then begin/end/finish
  // are not called for it).
  virtual std::string attach(const ProbeContext& context) = 0;
  virtual void begin() = 0;
  virtual void end() = 0;
  // Adds the values (and what does not fit a number to `details`, keyed
  // by metric-like names); returns "" or why there are none for this run.
  virtual std::string finish(const ProbeWindow& window, MetricValues& values, ordered_json& details) = 0;
  virtual void detach() noexcept = 0;
};

using ProbeList = std::vector<std::unique_ptr<Probe>>;

// Every probe schedlab has, in report order (builtin.cpp: the only list).
// Made at the top (main, a command's binding, a flow's entry, a test) and
// passed down; tests/unit/registries_test.cpp names the files that may.
ProbeList builtin_probes();

}  // namespace schedlab
