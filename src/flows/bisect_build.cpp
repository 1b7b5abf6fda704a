#include "flows/bisect_build.h"

#include <fmt/format.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "flows/bisect_git.h"
#include "core/error.h"
#include "guest/kernel_files.h"
#include "sys/helper_process.h"
#include "input/files.h"

namespace schedlab {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

// Runs `argv` in `cwd`, its output to `log`; its exit status (128 + signal
// when killed).  A terminating signal kills its group and throws.
int run_logged(const std::vector<std::string>& argv, const std::string& cwd, const std::string& log,
               sys::SignalGate& gate) {
  std::error_code ec;
  fs::remove(log, ec);
  sys::HelperProcess p({argv, log, nullptr, "", cwd});
  for (;;) {
    if (auto status = p.exited()) return WIFEXITED(*status) ? WEXITSTATUS(*status) : 128 + WTERMSIG(*status);
    if (gate.wait(200ms) == sys::SignalGate::Event::kInterrupt) gate.throw_if_interrupted();
  }
}

std::string last_line(const std::string& path) {
  std::istringstream in(input::read_optional_file(path, input::kBuildLog).value_or(""));
  std::string line, last;
  while (std::getline(in, line))
    if (!line.empty()) last = line;
  return last;
}

std::string make_binary() {
  for (const char* p : {"/usr/bin/make", "/bin/make"})
    if (fs::exists(p)) return p;
  throw Error(ExitStatus::kNotApplied, "make is not installed (Debian: apt-get install build-essential)");
}

// The steps of an out-of-tree build: the first configures the build
// directory (defconfig; with --config, allnoconfig with kvm_guest.config
// and the fragment merged, as docs/kernels.md builds the small guest
// kernel), every one updates
// it (olddefconfig: options new in this commit take their defaults) and
// builds the image.
std::vector<std::vector<std::string>> make_steps(const GitTree& tree, const BuildRecipe& r) {
  const std::string make = make_binary(), o = "O=" + r.build_dir;
  std::vector<std::vector<std::string>> steps;
  if (!fs::exists(fs::path(r.build_dir) / ".config")) {
    if (r.config.empty()) {
      steps.push_back({make, "-C", tree.dir(), o, "defconfig"});
    } else {  // onto allnoconfig: only what a guest uses is built (data/guest/kernel.config)
      steps.push_back({"/bin/sh", tree.dir() + "/scripts/kconfig/merge_config.sh", "-n", "-O", r.build_dir,
                       tree.dir() + "/kernel/configs/kvm_guest.config", r.config});
    }
  }
  steps.push_back({make, "-C", tree.dir(), o, "olddefconfig"});
  steps.push_back({make, "-C", tree.dir(), o, fmt::format("-j{}", r.jobs), "bzImage", "modules"});
  // Modules only into the scratch root, never the host's /lib/modules.
  steps.push_back({make, "-C", tree.dir(), o, "INSTALL_MOD_PATH=" + r.root, "modules_install"});
  return steps;
}

bool modules_enabled(const std::string& config) {
  return input::read_optional_file(config, input::kKernelConfig).value_or("").find("\nCONFIG_MODULES=y") !=
         std::string::npos;
}

BuiltKernel with_make(const GitTree& tree, const BuildRecipe& r, const std::string& log, sys::SignalGate& gate) {
  BuiltKernel k;
  fs::create_directories(r.build_dir);
  int n = 0;
  std::error_code ec;
  fs::remove_all(r.root, ec);  // the last step's kernel and modules
  for (auto step : make_steps(tree, r)) {
    if (step.back() == "modules_install" && !modules_enabled(r.build_dir + "/.config")) continue;
    if (step.back() == "modules" && !modules_enabled(r.build_dir + "/.config")) step.pop_back();
    const std::string step_log = fmt::format("{}.{}", log, ++n);
    if (const int status = run_logged(step, tree.dir(), step_log, gate); status != 0) {
      k.why = fmt::format("{} failed (status {}): {}", step.back(), status, step_log);
      return k;
    }
  }
  const std::string image = r.build_dir + "/arch/x86/boot/bzImage";
  k.config = r.build_dir + "/.config";
  if (!fs::exists(image)) {
    k.why = "the build made no " + image;
    return k;
  }
  k.image = keep_kernel(image, r.root);
  k.ok = true;
  return k;
}

BuiltKernel with_command(const GitTree& tree, const BuildRecipe& r, const std::string& log, sys::SignalGate& gate) {
  BuiltKernel k;
  if (const int status = run_logged({"/bin/sh", "-c", r.build_cmd}, tree.dir(), log, gate); status != 0) {
    k.why = fmt::format("--build-cmd failed (status {}): {}", status, log);
    return k;
  }
  k.image = last_line(log);
  std::error_code ec;
  if (!k.image.empty() && fs::path(k.image).is_relative()) k.image = (fs::path(tree.dir()) / k.image).string();
  k.ok = !k.image.empty() && fs::is_regular_file(k.image, ec);
  if (!k.ok) k.why = fmt::format("--build-cmd's last line is not a kernel image: '{}' ({})", k.image, log);
  return k;
}

}  // namespace

std::string keep_kernel(const std::string& image, const std::string& root) {
  const guest::KernelFiles k = guest::locate_kernel("the built kernel", guest::parse_kernel_arg("the built kernel", image), false);
  const fs::path boot = fs::path(root) / "boot";
  fs::create_directories(boot);
  const fs::path kept = boot / ("vmlinuz-" + k.release);
  if (fs::absolute(image) != kept) fs::copy_file(image, kept, fs::copy_options::overwrite_existing);
  if (!k.config.empty()) fs::copy_file(k.config, boot / ("config-" + k.release), fs::copy_options::overwrite_existing);
  const fs::path modules = fs::path(root) / "lib/modules" / k.release;
  if (!k.modules.empty() && fs::absolute(k.modules) != modules) {
    fs::create_directories(modules.parent_path());
    // Symlinks as symlinks (a modules tree's build and source point at
    // other trees); the initramfs builder never follows one.
    fs::copy(k.modules, modules,
             fs::copy_options::recursive | fs::copy_options::copy_symlinks | fs::copy_options::overwrite_existing);
  }
  return kept.string();
}

BuiltKernel build_kernel(const GitTree& tree, const BuildRecipe& r, const std::string& commit, sys::SignalGate& gate) {
  const auto start = std::chrono::steady_clock::now();
  fs::create_directories(r.log_dir);
  const std::string log = fmt::format("{}/build-{}.log", r.log_dir, commit.substr(0, 12));
  BuiltKernel k = r.build_cmd.empty() ? with_make(tree, r, log, gate) : with_command(tree, r, log, gate);
  k.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return k;
}

}  // namespace schedlab
