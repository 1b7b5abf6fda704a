#include "scenario/sched_feature_control.h"

#include <fmt/format.h>
#include <unistd.h>

#include <cstring>

#include "input/files.h"
#include "scenario/shared_mount.h"
#include "sys/cgroup_fs.h"
#include "sys/cgroup_layout.h"
#include "sys/proc_files.h"

namespace schedlab {
namespace {

constexpr const char* kRefusedHint =
    "the kernel refuses debugfs sched access here (kernel lockdown, or a VM or container that "
    "forbids it); use a machine where sched/features is writable";

std::string base_name(const std::string& feature) {
  return feature.rfind("NO_", 0) == 0 ? feature.substr(3) : feature;
}

// The features file: sched/features since v5.13, sched_features before.
std::optional<std::string> features_file(const std::string& debugfs) {
  for (const char* rel : {"/sched/features", "/sched_features"})
    if (access((debugfs + rel).c_str(), F_OK) == 0) return debugfs + rel;
  return std::nullopt;
}

// The current token for NAME ("NAME" or "NO_NAME") in the features text.
std::optional<std::string> current_token(const std::string& text, const std::string& name) {
  for (const auto& token : sys::split(text, " \n"))
    if (token == name || token == "NO_" + name) return token;
  return std::nullopt;
}

// Mounts debugfs when it is not mounted; returns its mount point or "".
std::string ensure_debugfs(const DebugfsPaths& paths, Journal& journal, GuardStack& guards,
                           ControlOutcome& out) {
  std::string point =
      sys::find_mount(input::read_system_file(paths.mountinfo).value_or(""), "debugfs").value_or(paths.default_mount);
  if (auto why = use_shared_mount(journal, guards, "debugfs", point, paths.mountinfo); !why.empty()) {
    out.detail = why;
    out.hint = "run as root, or mount debugfs first";
    return "";
  }
  return point;
}

}  // namespace

ControlOutcome apply_sched_feature(const std::string& feature, Journal& journal,
                                   GuardStack& guards, const DebugfsPaths& paths) {
  ControlOutcome out{"sched-feature", feature};
  const std::string debugfs = ensure_debugfs(paths, journal, guards, out);
  if (debugfs.empty()) return out;
  auto file = features_file(debugfs);
  if (!file) {
    out.detail = "no sched/features in " + debugfs + " (CONFIG_SCHED_DEBUG off?)";
    out.hint = "use a kernel built with CONFIG_SCHED_DEBUG";
    return out;
  }
  auto text = input::read_system_file(*file);
  if (!text) {
    const int err = errno;
    out.detail = fmt::format("{}: reading {} failed (errno {})",
                             err == EPERM || err == EACCES ? "permission denied" : std::strerror(err),
                             *file, err);
    out.hint = kRefusedHint;
    return out;
  }
  const std::string name = base_name(feature);
  auto current = current_token(*text, name);
  if (!current) {
    out.detail = fmt::format("the kernel has no sched feature {}", name);
    out.hint = "see " + *file + " for the features this kernel has";
    return out;
  }
  if (*current != feature) {
    auto& guard = guards.push(journal, {Change::Kind::kWrite, *file, *current,
                                        fmt::format("sched feature {} -> {}", *current, feature)});
    if (int err = sys::write_text(*file, feature); err != 0) {
      guard.dismiss();
      out.detail = fmt::format("{}: writing {} to {} failed (errno {})",
                               err == EPERM || err == EACCES ? "permission denied" : std::strerror(err),
                               feature, *file, err);
      out.hint = kRefusedHint;
      return out;
    }
  }
  auto now = current_token(input::read_system_file(*file).value_or(""), name);
  if (now != feature) {
    out.detail = fmt::format("wrote {} but {} reads back {}", feature, *file, now.value_or("nothing"));
    return out;
  }
  out.applied = true;
  out.detail = fmt::format("{} -> {}; read back from {}", *current, feature, *file);
  return out;
}

}  // namespace schedlab
