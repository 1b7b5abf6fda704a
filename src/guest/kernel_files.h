#pragma once
#include "guest/guest_arch.h"
#include <string>
#include <string_view>

namespace schedlab::guest {

// One kernel under test as given: `[NAME=]VMLINUZ[:INITRD]`.
struct KernelArg {
  std::string name;  // "" = the image's release
  std::string vmlinuz;
  std::string initrd;  // "" = none
};

// Parses the text of `option` (--kernel, --kernels, check --kernel).  The
// name is what precedes the first '='; the initrd what follows the last ':'
// unless the whole text names a file.  Throws UsageError naming the option,
// the value and what is allowed.
KernelArg parse_kernel_arg(const std::string& option, const std::string& text);

// Everything about a kernel image that booting it needs, found beside it.
struct KernelFiles {
  GuestArch arch = GuestArch::kX86_64;  // from the image
  std::string name;     // the set's label
  std::string vmlinuz;  // absolute
  std::string initrd;   // absolute, or ""
  std::string release;  // from the image's own header
  std::string config;   // its build configuration, or "" (see locate_kernel)
  std::string modules;  // its lib/modules/RELEASE tree, or ""
};

// Checks the image and finds its release, configuration and modules in the
// layouts a kernel comes in: a Debian package unpacked with dpkg-deb -x or
// an installed kernel (ROOT/boot/vmlinuz-R, ROOT/boot/config-R,
// ROOT/lib/modules/R or ROOT/usr/lib/modules/R), and a kernel source tree
// (arch/x86/boot/bzImage with the tree's .config).  Throws UsageError naming
// `option` when a file is missing, the image is neither an x86 bzImage nor
// an arm64 Image, or —
// unless `trusted` (--trust-kernel) — the image or initrd is owned by
// another user than root or us.
KernelFiles locate_kernel(const std::string& option, const KernelArg& arg, bool trusted);

// `path` made absolute and normal, as the files of a boot are recorded.
std::string absolute_path(const std::string& path);

// Makes `file` (--config FILE) the kernel's configuration, in place of the
// one found beside it: what the guest gets as /boot/config-RELEASE and what
// kernel_needs.h checks.  Throws UsageError naming `option` when it is not
// a regular file.
void use_config(const std::string& option, const std::string& file, KernelFiles& kernel);

// The release ("6.1.0-57-cloud-amd64") from a bzImage's setup header: the
// kernel_version string the boot protocol points to.  "" when `image` is
// not a bzImage of boot protocol 2.00 or later, or its version string is not
// made of what a release is made of (letters, digits, . _ + ~ -; at most 64).
std::string image_release(std::string_view image);

// The release of an arm64 Image, which has no version field in its header:
// the word after the first "Linux version " in the image (the kernel's
// linux_banner), under the same rule; "" when there is none.
std::string banner_release(std::string_view image);

}  // namespace schedlab::guest
