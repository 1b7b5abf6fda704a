#include "scenario/psi_control.h"

#include <fmt/format.h>

#include <cstring>
#include <filesystem>

#include "input/files.h"
#include "sys/proc_files.h"

namespace schedlab {
namespace {

std::string first_word(const std::string& text) {
  const auto words = sys::split(text, " \n");
  return words.empty() ? "" : words.front();
}

ControlOutcome psi_refused(ControlOutcome out, std::string why, std::string hint) {
  out.detail = std::move(why);
  out.hint = std::move(hint);
  return out;
}

// What the ancestors above the chain have (their accounting still runs).
std::string ancestors_note(const std::string& top) {
  namespace fs = std::filesystem;
  std::string note;
  for (fs::path p = fs::path(top).parent_path(); !p.empty() && p != p.root_path(); p = p.parent_path()) {
    auto value = input::read_system_file((p / "cgroup.pressure").string());
    if (!value) break;
    note += fmt::format("{}{} {}", note.empty() ? "" : ", ", p.string(), first_word(*value));
  }
  return note.empty() ? "" : "; above the chain (not changed): " + note;
}

}  // namespace

ControlOutcome apply_psi(bool on, const std::vector<std::string>& chain_dirs, Journal& journal,
                         GuardStack& guards) {
  ControlOutcome out;
  out.control = "psi";
  out.value = on ? "on" : "off";
  if (chain_dirs.empty())
    return psi_refused(out, "no cgroup chain in the v2 hierarchy to set cgroup.pressure on",
                       "mount cgroup2 at /sys/fs/cgroup: the chain is created there");
  const std::string want = on ? "1" : "0";
  for (const auto& dir : chain_dirs) {
    const std::string file = dir + "/cgroup.pressure";
    auto old = input::read_system_file(file);
    if (!old)
      return psi_refused(out,
                         fmt::format("{} does not exist: the kernel has no per-cgroup PSI switch "
                                     "(Linux 6.1+ with PSI enabled)",
                                     file),
                         "use a kernel with cgroup.pressure, or boot with psi=1");
    const std::string before = first_word(*old);
    if (before == want) continue;
    auto& guard = guards.push(journal, {Change::Kind::kWrite, file, before,
                                        fmt::format("{} {} -> {}", file, before, want)});
    if (int err = sys::write_text(file, want); err != 0) {
      guard.dismiss();
      return psi_refused(
          out,
          fmt::format("writing {} to {} failed: {} (errno {})", want, file, std::strerror(err),
                      err),
          err == EACCES || err == EPERM ? "run as root" : "the kernel refused the value");
    }
    if (const auto now = first_word(input::read_system_file(file).value_or("")); now != want)
      return psi_refused(out, fmt::format("wrote {} to {} but read back {}", want, file, now),
                         "the kernel did not take the setting");
  }
  out.applied = true;
  out.detail = fmt::format("cgroup.pressure {} on all {} levels of the chain; read back{}", want,
                           chain_dirs.size(), ancestors_note(chain_dirs.front()));
  return out;
}

}  // namespace schedlab
