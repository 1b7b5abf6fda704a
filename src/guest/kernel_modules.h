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
// table of kernel_needs.h) or a module.  Modules may be packed as the
// distributions pack them (.ko.xz, .ko.zst, .ko.gz): they are read through
// module_bytes().
std::vector<std::string> boot_modules(const std::string& option, const KernelFiles& kernel);

// Whether `file` names a module: .ko, or .ko packed (.ko.xz, .ko.zst, .ko.gz).
bool is_module_name(std::string_view file);

// The ELF bytes of the module `file`, unpacked when its name says it is
// packed (the guest's busybox insmod and kernels without
// CONFIG_MODULE_DECOMPRESS take only ELF).  Bounded as a module on both
// sides of the unpacking; throws InputError naming the file.
std::string module_bytes(const std::string& file);

// The modules a module needs ("depends=" of its .modinfo section), from the
// bytes of an ELF64 .ko.  Throws std::runtime_error naming `file` when it is
// not an ELF64 object with a .modinfo section.
std::vector<std::string> module_depends(std::string_view elf, const std::string& file);

}  // namespace schedlab::guest
