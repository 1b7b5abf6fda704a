#pragma once
// A private tracefs instance for one run, as one RAII unit: tracefs is
// mounted when it is not (at /sys/kernel/tracing), instances/NAME created,
// both journaled first so that a SIGKILLed run's leftovers are undone by
// `schedlab restore`; the destructor (or close()) removes the instance and
// unmounts what it mounted.  The top-level buffer is never touched.
#include <optional>
#include <string>

#include "scenario/guard_stack.h"

struct tracefs_instance;
struct tep_handle;

namespace schedlab {

class TraceInstance {
 public:
  TraceInstance() = default;
  ~TraceInstance() { close(); }
  TraceInstance(const TraceInstance&) = delete;
  TraceInstance& operator=(const TraceInstance&) = delete;

  // Returns "" or why the instance cannot be had (no tracefs, no root).
  std::string open(Journal& journal, const std::string& name);
  // Writes `text` to the instance's `file` ("set_event_pid", "options/..."):
  // 0 or errno.  `append` adds to a list file instead of replacing it.
  int write(const std::string& file, const std::string& text, bool append = false) const;
  std::string read(const std::string& file) const;
  bool has_event(const std::string& system, const std::string& event) const;
  // Whether the instance is still there.
  bool alive() const;

  tracefs_instance* instance() const { return instance_; }
  tep_handle* tep() const { return tep_; }
  // Frees the handles, removes the instance, unmounts what open() mounted.
  void close() noexcept;

 private:
  std::optional<GuardStack> guards_;
  tracefs_instance* instance_ = nullptr;
  tep_handle* tep_ = nullptr;
  std::string tracing_dir_, dir_;
};

}  // namespace schedlab
