#include "scenario/change.h"

#include <fmt/format.h>

#include <cstring>
#include <filesystem>

#include "sys/cgroup_fs.h"
#include "sys/mount_lease.h"
#include "sys/proc_files.h"
#include "sys/tracefs_mount.h"

namespace schedlab {
namespace {

const char* kind_name(Change::Kind kind) {
  switch (kind) {
    case Change::Kind::kCgroup: return "cgroup";
    case Change::Kind::kMount: return "mount";
    case Change::Kind::kTree: return "tree";
    case Change::Kind::kTraceInstance: return "trace-instance";
    case Change::Kind::kMountLease: return "mount-lease";
    case Change::Kind::kWrite: break;
  }
  return "write";
}

}  // namespace

std::string undo_change(const Change& change) noexcept {
  switch (change.kind) {
    case Change::Kind::kCgroup: return sys::remove_cgroup(change.path);
    case Change::Kind::kMount: return sys::unmount(change.path);
    case Change::Kind::kTree: {
      std::error_code ec;
      std::filesystem::remove_all(change.path, ec);
      return ec ? "removing " + change.path + " failed: " + ec.message() : "";
    }
    case Change::Kind::kTraceInstance: return sys::remove_trace_instance(change.path);
    case Change::Kind::kMountLease: return sys::release_mount_lease({change.leases, change.undo, change.path});
    case Change::Kind::kWrite: break;
  }
  const int err = sys::write_text(change.path, change.undo);
  if (err == 0) return "";
  return "writing '" + change.undo + "' back to " + change.path + " failed: " + std::strerror(err);
}

void to_json(nlohmann::json& j, const Change& c) {
  j = {{"kind", kind_name(c.kind)}, {"path", c.path}, {"undo", c.undo}, {"what", c.what}};
  if (c.kind == Change::Kind::kMountLease) j["leases"] = c.leases;
}

namespace {

// Field `name` of a change as text: a journal is read before anything is
// undone, so a missing or mistyped field is one line naming it, not
// nlohmann's type_error escaping (fuzz_journal).
std::string text_field(const nlohmann::json& j, const char* name, bool required) {
  if (!j.contains(name)) {
    if (required) throw std::runtime_error(fmt::format("a change without \"{}\"", name));
    return "";
  }
  const auto& v = j.at(name);
  if (!v.is_string()) throw std::runtime_error(fmt::format("a change whose \"{}\" is not text: {}", name, v.dump()));
  return v.get<std::string>();
}

}  // namespace

void from_json(const nlohmann::json& j, Change& c) {
  if (!j.is_object()) throw std::runtime_error("a change that is not a JSON object: " + j.dump());
  const auto kind = text_field(j, "kind", true);
  if (kind == "cgroup") c.kind = Change::Kind::kCgroup;
  else if (kind == "mount") c.kind = Change::Kind::kMount;
  else if (kind == "write") c.kind = Change::Kind::kWrite;
  else if (kind == "tree") c.kind = Change::Kind::kTree;
  else if (kind == "trace-instance") c.kind = Change::Kind::kTraceInstance;
  else if (kind == "mount-lease") c.kind = Change::Kind::kMountLease;
  else throw std::runtime_error("unknown change kind \"" + kind + "\"");
  c.path = text_field(j, "path", true);
  c.undo = text_field(j, "undo", false);
  c.leases = text_field(j, "leases", c.kind == Change::Kind::kMountLease);
  c.what = text_field(j, "what", false);
}

}  // namespace schedlab
