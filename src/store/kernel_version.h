#pragma once
// Ordering kernel releases as kernel people read them:
// 6.9 < 6.10 < 6.10.1 < 6.11-rc1 < 6.11-rc2 < 6.11 = 6.11.0 < 6.11.0-1-amd64.
// The numeric part compares component by component (a missing component
// is 0); a release candidate comes before its release; what follows
// (distribution or local suffixes) compares with digit runs as numbers.
#include <string>

namespace schedlab::store {

// <0, 0 or >0 as `a` is before, the same as or after `b`.
int compare_kernel_releases(const std::string& a, const std::string& b);

// The kernel's git commit from a CONFIG_LOCALVERSION_AUTO release
// ("6.11.0-rc3-00042-gdeadbeef12" -> "deadbeef12"); empty when it has none.
std::string kernel_commit(const std::string& release);

}  // namespace schedlab::store
