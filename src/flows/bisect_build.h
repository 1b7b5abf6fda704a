#pragma once
// Builds the kernel of the commit a bisect has checked out: out of tree
// with O= and one build directory kept between steps (a step that changes
// a few files rebuilds in about a minute instead of a clean build's
// quarter of an hour), or by the user's --build-cmd, which prints the
// image's path as its last line (how a test supplies prebuilt kernels).
#include <string>

#include "sys/signals.h"

namespace schedlab {

class GitTree;

struct BuildRecipe {
  std::string build_cmd;  // --build-cmd: `sh -c CMD` in the tree; its last line is the image's path
  std::string root;       // where a make build installs: ROOT/boot/vmlinuz-R, config-R, lib/modules/R
  std::string config;     // --config FILE: merged after kvm_guest.config onto allnoconfig
  std::string build_dir;  // O=
  std::string log_dir;    // one log per build
  int jobs = 1;
};

struct BuiltKernel {
  bool ok = false;
  std::string image;   // the bootable image (bzImage), when ok
  std::string why;     // when not ok: what failed, and where its log is
  std::string config;  // the .config it was built with ("" for --build-cmd)
  double seconds = 0;
};

// Builds what is checked out in `tree` now.  A failed build is a result
// (the step is skipped), not an exception; Interrupted on a terminating
// signal, the build's process group killed first.
BuiltKernel build_kernel(const GitTree& tree, const BuildRecipe& recipe, const std::string& commit,
                         sys::SignalGate& gate);

// Copies a kernel (its image, the config and modules beside it) into
// ROOT/boot and ROOT/lib/modules, as schedlab's guests find them
// (guest/kernel_files.h); returns ROOT/boot/vmlinuz-RELEASE.  How the good
// revision's kernel outlives the builds of the steps.
std::string keep_kernel(const std::string& image, const std::string& root);

}  // namespace schedlab
