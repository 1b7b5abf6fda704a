#pragma once
#include <sys/types.h>

#include <string>

#include "channel/protocol.h"

namespace schedlab {

// One line saying why copy `index` failed, from its slot and exit status:
// "copy 3: fork failed after 1234 loops: Resource temporarily unavailable
// (errno 11); limits: ...".  `wait_status` < 0 when unknown.
std::string describe_copy_failure(int index, const sl_copy_slot& slot, int wait_status);

// "; last lines of its stderr (FILE): a | b | c", or "" when it is empty.
std::string describe_stderr_tail(const std::string& path);

// The fork limits in force now, for messages about EAGAIN.
std::string describe_fork_limits();

}  // namespace schedlab
