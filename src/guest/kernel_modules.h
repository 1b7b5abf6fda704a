#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "guest/kernel_files.h"

namespace schedlab::guest {

// The .ko files a guest must load before it can mount the host's root —
// virtio PCI, virtiofs (with fuse) and overlayfs, each with what it depends
// on — in load order (dependencies first).  What the kernel's configuration
// says is built in (=y) needs nothing; what it says is a module (=m) must be
// in the kernel's modules tree, unless the kernel came with an initrd that
// brings it.  Dependencies come from each module's own .modinfo, so an
// unpacked package needs no depmod.  Throws UsageError naming `option` when
// the kernel lacks an option the guest needs (every one missing, with the
// table of kernel_needs.h) or a module; compressed modules (.ko.xz,
// .ko.zst, .ko.gz) are refused by name.
std::vector<std::string> boot_modules(const std::string& option, const KernelFiles& kernel);

// The modules a module needs ("depends=" of its .modinfo section), from the
// bytes of an ELF64 .ko.  Throws std::runtime_error naming `file` when it is
// not an ELF64 object with a .modinfo section.
std::vector<std::string> module_depends(std::string_view elf, const std::string& file);

}  // namespace schedlab::guest
