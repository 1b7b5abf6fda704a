#pragma once
#include <string>

#include <nlohmann/json.hpp>

namespace schedlab {

// One reversible change to the system, described so that the process that
// made it or a later `schedlab restore` can undo it.
struct Change {
  enum class Kind {
    kWrite,   // a control file was written: undo by writing `undo` to `path`
    kCgroup,  // a cgroup directory was created: undo by killing its tasks and rmdir
    kMount,   // a filesystem was mounted at `path`: undo by unmounting it (journals of older
              // versions; mounts are now kMountLease)
    kTree,    // a scratch directory tree was created: undo by removing it
    kTraceInstance,  // a tracefs instance was created: undo by removing it (rmdir)
    // A shared kernel filesystem (tracefs, debugfs) is used at `path`,
    // mounted when it was absent: undo by releasing the lease, which
    // unmounts only when no other live run uses it (sys/mount_lease.h);
    // `undo` names the filesystem type, `leases` the lease directory.
    kMountLease,
  };
  Kind kind = Kind::kWrite;
  std::string path;
  std::string undo;  // kWrite only
  std::string what;  // for people: "kernel.sched_autogroup_enabled 1 -> 0"
  std::string leases;  // kMountLease only
};

// Undoes `change`; returns "" or one line saying what could not be undone.
// Never throws.
std::string undo_change(const Change& change) noexcept;

void to_json(nlohmann::json& j, const Change& change);
void from_json(const nlohmann::json& j, Change& change);

}  // namespace schedlab
