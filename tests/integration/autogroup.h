#pragma once
// kernel.sched_autogroup_enabled: the global control the lock tests change,
// and must find as it was when they end.
#include <unistd.h>

#include <string>

#include "sys/proc_files.h"

namespace schedlab::testing {

inline const std::string kAutogroupFile = "/proc/sys/kernel/sched_autogroup_enabled";

inline std::string autogroup_setting() { return sys::read_text(kAutogroupFile).value_or("").substr(0, 1); }

inline bool autogroup_writable() { return access(kAutogroupFile.c_str(), W_OK) == 0; }

}  // namespace schedlab::testing
