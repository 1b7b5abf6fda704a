#pragma once
#include <string>
#include <vector>

#include "guest/kernel_files.h"

namespace schedlab::guest {

// The initramfs a kernel boots with: a static busybox, our /init, the
// kernel's configuration and the modules boot_modules() names — after the
// kernel's own initrd when it came with one (our /init replaces its).
struct Initramfs {
  std::string path;                  // the file in the cache
  std::string key;                   // 16 hex digits of its SHA-256
  bool cache_hit = false;            // the file was there already
  std::vector<std::string> modules;  // module files, in load order
};

// Where initramfs images are kept: $XDG_CACHE_HOME/schedlab/guest, else
// $HOME/.cache/schedlab/guest; created 0700, refused (Error) unless it is a
// directory of ours that others cannot write (the guest boots what is in it).
std::string guest_cache_dir();

// The static busybox of busybox-static (/bin/busybox, /usr/bin/busybox);
// throws Error naming the package when there is none or it is dynamic.
std::string static_busybox();

// Builds the image in memory and names it by the SHA-256 of its bytes:
// the same inputs always give the same file (the archive writer is
// deterministic), so an existing file of that name is a cache hit and any
// change of kernel, modules, configuration, initrd, /init or busybox gives
// a new one.  A new file is written atomically.  Throws UsageError naming
// `option` for a kernel that cannot boot this way, SystemError on I/O.
// `busybox`: the static busybox for the kernel's architecture (GuestPrograms).
Initramfs prepare_initramfs(const std::string& option, const KernelFiles& kernel, const std::string& busybox,
                            const std::string& cache_dir);

}  // namespace schedlab::guest
