#include "scenario/shared_mount.h"

#include "scenario/journal.h"
#include "sys/mount_lease.h"

namespace schedlab {

std::string use_shared_mount(Journal& journal, GuardStack& guards, const std::string& fstype,
                             const std::string& point, const std::string& mountinfo) {
  Change lease{Change::Kind::kMountLease, point, fstype, fstype + " at " + point + " (shared)"};
  lease.leases = mount_leases_dir(journal.dir());
  auto& guard = guards.push(journal, lease);
  if (auto why = sys::acquire_mount_lease({lease.leases, fstype, point, mountinfo}); !why.empty()) {
    guard.dismiss();
    return why;
  }
  return "";
}

}  // namespace schedlab
