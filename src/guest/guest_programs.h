#pragma once
// The programs a guest runs: schedlab and its worker (copied into the
// shared directory) and the static busybox of its initramfs.  A guest of
// the host's architecture runs this very schedlab and the host's busybox;
// a guest of another (an arm64 kernel on an x86-64 host) runs the ones the
// user names, built for it (`cmake --preset arm64`; Debian's
// busybox-static:arm64, which scripts/guest-kernels fetches).
#include <string>

#include "guest/guest_arch.h"

namespace schedlab::guest {

struct GuestPrograms {
  std::string schedlab, worker, busybox;  // absolute
};

// `schedlab` (--guest-schedlab) and `busybox` (--guest-busybox) may be ""
// for the host's own.  Each is checked to be an ELF program for `arch`
// (busybox a static one) and the worker is found beside schedlab as
// schedlab finds its own.  Throws UsageError naming the option, the file and
// what is allowed, or, for an empty one that `arch` cannot take from the
// host, saying how to get it.
GuestPrograms guest_programs(GuestArch arch, const std::string& schedlab, const std::string& busybox);

}  // namespace schedlab::guest
