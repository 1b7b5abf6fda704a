#include "scenario/sysctl_control.h"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>

#include "input/files.h"
#include "sys/proc_files.h"

namespace schedlab {
namespace {

std::string trimmed(std::string text) {
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
  return text;
}

ControlOutcome refused(ControlOutcome out, std::string why, std::string hint) {
  out.detail = std::move(why);
  out.hint = std::move(hint);
  return out;
}

}  // namespace

std::string sysctl_path(const std::string& key, const std::string& proc_sys) {
  std::string rel = key;
  std::replace(rel.begin(), rel.end(), '.', '/');
  return proc_sys + "/" + rel;
}

ControlOutcome apply_sysctl(const std::string& control, const std::string& key,
                            const std::string& value, Journal& journal, GuardStack& guards,
                            const std::string& proc_sys) {
  ControlOutcome out{control, control == "sysctl" ? key + "=" + value : value};
  const std::string path = sysctl_path(key, proc_sys);
  auto original = input::read_system_file(path);
  if (!original)
    return refused(out, fmt::format("no sysctl {} ({} does not exist)", key, path),
                   "check the name with 'sysctl -a'");
  const std::string old_value = trimmed(*original);
  if (sys::same_words(old_value, value)) {
    out.applied = true;
    out.detail = fmt::format("{} already {}; read back", key, value);
    return out;
  }
  auto& guard = guards.push(journal, {Change::Kind::kWrite, path, old_value,
                                      fmt::format("{} {} -> {}", key, old_value, value)});
  if (int err = sys::write_text(path, value); err != 0) {
    // A failed write can still have changed the value (the kernel takes
    // "0" from "0 1" and then fails): the guard stays unless it did not.
    if (sys::same_words(trimmed(input::read_system_file(path).value_or(old_value)), old_value)) guard.dismiss();
    return refused(out, fmt::format("writing {} failed: {} (errno {})", path, std::strerror(err), err),
                   err == EACCES || err == EPERM ? "run as root" : "check the value's range");
  }
  const std::string now = trimmed(input::read_system_file(path).value_or(""));
  if (!sys::same_words(now, value))
    return refused(out, fmt::format("wrote {} to {} but read back {}", value, key, now),
                   "the kernel adjusted the value; pick one it accepts");
  out.applied = true;
  out.detail = fmt::format("{} {} -> {}; read back", key, old_value, now);
  return out;
}

}  // namespace schedlab
