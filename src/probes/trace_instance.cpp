#include "probes/trace_instance.h"

#include <fcntl.h>
#include <fmt/format.h>
#include "input/files.h"
#include "probes/tracefs_api.h"
#include <unistd.h>

#include <cstring>

#include "scenario/shared_mount.h"
#include "sys/proc_files.h"
#include "sys/tracefs_mount.h"
#include "sys/unique_fd.h"

namespace schedlab {
namespace {

std::string refusal(const std::string& what, int err) {
  return fmt::format("{} failed: {} (errno {}){}", what, std::strerror(err), err,
                     err == EACCES || err == EPERM ? ": tracefs needs root" : "");
}

}  // namespace

std::string TraceInstance::open(Journal& journal, const std::string& name) {
  if (!sys::kernel_has_tracefs()) return "the kernel has no tracefs (CONFIG_TRACING off)";
  guards_.emplace();
  // Held until close(): another run ending first never unmounts it under us.
  tracing_dir_ = sys::tracefs_mount(input::read_system_file("/proc/self/mountinfo").value_or(""))
                     .value_or(sys::kTracefsMountPoint);
  if (auto why = use_shared_mount(journal, *guards_, "tracefs", tracing_dir_); !why.empty()) {
    close();
    return why + (geteuid() != 0 ? ": tracefs needs root" : "");
  }
  dir_ = tracing_dir_ + "/instances/" + name;
  auto& guard = guards_->push(journal, {Change::Kind::kTraceInstance, dir_, "", "trace instance " + dir_});
  if (int err = sys::make_trace_instance(dir_); err != 0) {
    guard.dismiss();
    close();
    return refusal("creating trace instance " + dir_, err);
  }
  // libtracefs would mount tracefs itself when it finds none: give it ours.
  tracefs_set_tracing_dir(tracing_dir_.data());
  instance_ = tracefs_instance_alloc(tracing_dir_.c_str(), name.c_str());
  const char* systems[] = {"sched", nullptr};
  tep_ = tracefs_local_events_system(tracing_dir_.c_str(), systems);
  if (!instance_ || !tep_) {
    close();
    return "libtracefs could not open the instance or parse the sched event formats";
  }
  return "";
}

int TraceInstance::write(const std::string& file, const std::string& text, bool append) const {
  sys::UniqueFd fd(::open((dir_ + "/" + file).c_str(), O_WRONLY | O_CLOEXEC | (append ? O_APPEND : O_TRUNC)));
  if (!fd) return errno;
  if (::write(fd.get(), text.data(), text.size()) != static_cast<ssize_t>(text.size())) return errno;
  return 0;
}

std::string TraceInstance::read(const std::string& file) const {
  return input::read_system_file(dir_ + "/" + file).value_or("");
}

bool TraceInstance::alive() const { return !dir_.empty() && access((dir_ + "/trace").c_str(), F_OK) == 0; }

bool TraceInstance::has_event(const std::string& system, const std::string& event) const {
  return access((dir_ + "/events/" + system + "/" + event).c_str(), F_OK) == 0;
}

void TraceInstance::close() noexcept {
  if (instance_) tracefs_instance_free(instance_);
  if (tep_) tep_free(tep_);
  instance_ = nullptr;
  tep_ = nullptr;
  guards_.reset();  // removes the instance, then unmounts what we mounted
}

}  // namespace schedlab
