#pragma once
#include <sys/types.h>

namespace schedlab::sys {

// Makes this process a child subreaper: orphaned descendants of the copies
// are re-parented to us, so none can outlive a run unnoticed.
void become_child_subreaper();

// SIGKILLs and reaps every child of this process, repeatedly, until none is
// left (grandchildren re-parented to us by the subreaper bit are caught on
// the next pass).  Never throws.
void kill_all_children() noexcept;

}  // namespace schedlab::sys
