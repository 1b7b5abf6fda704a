#include "scenario/cgroup_chain.h"

#include <fmt/format.h>
#include <unistd.h>

#include <cstring>

#include "input/files.h"
#include "sys/cgroup_fs.h"
#include "sys/proc_files.h"

namespace schedlab {
namespace {

bool lists(const std::string& file, const std::string& word) {
  for (const auto& w : sys::split(input::read_system_file(file).value_or(""), " \n"))
    if (w == word) return true;
  return false;
}

std::string join(const std::string& a, const std::string& b) {
  return a == "/" ? "/" + b : a + "/" + b;
}

struct Hierarchy {
  std::string mount;
  bool v2;
};

// Enables the cpu controller for the children of `dir` when `dir` offers it
// (v2 only); the parent's setting is journaled and restored.
std::string enable_cpu(const std::string& dir, bool journaled, Journal& journal, GuardStack& guards) {
  if (!lists(dir + "/cgroup.controllers", "cpu") || lists(dir + "/cgroup.subtree_control", "cpu"))
    return "";
  const std::string file = dir + "/cgroup.subtree_control";
  ChangeGuard* guard = journaled ? &guards.push(journal, {Change::Kind::kWrite, file, "-cpu",
                                                         "+cpu in " + file})
                                 : nullptr;
  if (int err = sys::write_text(file, "+cpu"); err != 0) {
    if (guard) guard->dismiss();
    return fmt::format("enabling the cpu controller in {} failed: {} (errno {})", file,
                       std::strerror(err), err);
  }
  return "";
}

// Creates the levels in one hierarchy; returns "" or the problem.
std::string create_in(const Hierarchy& h, const std::string& parent,
                      const std::vector<std::string>& levels, Journal& journal,
                      GuardStack& guards, std::string& leaf, std::vector<std::string>& dirs) {
  std::string path = parent;
  std::string dir = parent == "/" ? h.mount : h.mount + parent;
  if (access(dir.c_str(), F_OK) != 0) return fmt::format("the parent {} does not exist in {}", parent, h.mount);
  for (size_t i = 0; i < levels.size(); ++i) {
    if (h.v2) {
      if (auto problem = enable_cpu(dir, i == 0, journal, guards); !problem.empty()) return problem;
    }
    path = join(path, levels[i]);
    dir += "/" + levels[i];
    auto& guard = guards.push(journal, {Change::Kind::kCgroup, dir, "", "cgroup " + dir});
    if (int err = sys::make_cgroup(dir); err != 0) {
      guard.dismiss();
      return fmt::format("mkdir {} failed: {} (errno {})", dir, std::strerror(err), err);
    }
    dirs.push_back(dir);
  }
  leaf = path;
  return "";
}

}  // namespace

std::vector<std::string> chain_levels(int depth, long pid) {
  std::vector<std::string> levels;
  if (depth > 0) levels.push_back(fmt::format("schedlab-{}", pid));
  for (int level = 2; level <= depth; ++level) levels.push_back(fmt::format("l{}", level));
  return levels;
}

ControlOutcome create_cgroup_chain(int depth, const std::string& parent,
                                   const sys::CgroupLayout& layout, Journal& journal,
                                   GuardStack& guards, CgroupChain& chain) {
  ControlOutcome out{"cgroup-depth", std::to_string(depth)};
  if (parent != "/") out.value += " under " + parent;
  std::vector<Hierarchy> hierarchies;
  if (layout.v2_mount) hierarchies.push_back({*layout.v2_mount, true});
  if (auto cpu = layout.v1_mounts.find("cpu"); cpu != layout.v1_mounts.end())
    hierarchies.push_back({cpu->second, false});
  if (hierarchies.empty()) {
    out.detail = "no cgroup hierarchy is mounted";
    out.hint = "mount cgroup2 at /sys/fs/cgroup";
    return out;
  }
  const auto levels = chain_levels(depth, getpid());
  for (const auto& h : hierarchies) {
    std::string leaf;
    std::vector<std::string> dirs;
    if (auto problem = create_in(h, parent, levels, journal, guards, leaf, dirs); !problem.empty()) {
      out.detail = problem;
      if (problem.rfind("the parent ", 0) == 0) out.hint = "give a cgroup that exists in every hierarchy, e.g. /";
      else if (geteuid() != 0) out.hint = "run as root (creating cgroups needs write access to cgroupfs)";
      else out.hint = "the kernel refused the cgroup; see the error";
      return out;
    }
    (h.v2 ? chain.v2_path : chain.cpu_v1_path) = leaf;
    if (h.v2) chain.v2_dirs = dirs;
    chain.procs_files.push_back((leaf == "/" ? h.mount : h.mount + leaf) + "/cgroup.procs");
  }
  out.applied = true;
  out.detail = fmt::format("created {}{}; each copy's /proc/PID/cgroup read back",
                           chain.v2_path.empty() ? "" : "v2 " + chain.v2_path,
                           chain.cpu_v1_path.empty() ? "" : " and v1 cpu " + chain.cpu_v1_path);
  return out;
}

}  // namespace schedlab
