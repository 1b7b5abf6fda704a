#include "cli/vary.h"

#include <fmt/format.h>

#include "core/error.h"
#include "sys/proc_files.h"

namespace schedlab {
namespace {

// The full factorial grows as the product of the axes, and prepare() builds a
// spec and a copy of the environment for every variant before anything runs:
// 18 axes of two values (262,144 variants) took 34 s and 3 GB and ended in
// "internal error: std::bad_alloc".  A thousand is more sets than anyone
// compares.
constexpr std::size_t kMaxVariants = 1000;

constexpr const char* kKeys =
    "a scenario control (autogroup, cgroup-depth, copies, cpus, pin-copies, setsid, policy, nice, "
    "psi, sysctl:NAME, sched-feature), probes, replicate (identical sets: the A/A recipe) or an "
    "option of the workload";

std::string feature_name(const std::string& f) { return f.rfind("NO_", 0) == 0 ? f.substr(3) : f; }

// Replaces the entry for the same sysctl key / feature, or appends.
template <typename SameKey>
void replace_or_append(std::vector<std::string>& list, const std::string& entry, SameKey same) {
  for (auto& e : list)
    if (same(e)) {
      e = entry;
      return;
    }
  list.push_back(entry);
}

}  // namespace

VaryAxis parse_vary(const std::string& text) {
  const size_t eq = text.find('=');
  VaryAxis axis;
  if (eq != std::string::npos) {
    axis.key = text.substr(0, eq);
    axis.values = sys::split(text.substr(eq + 1), ",");
  }
  if (axis.key.empty() || axis.values.size() < 2 || text.back() == ',' ||
      text.find(",,") != std::string::npos || text[eq + 1] == ',')
    throw UsageError("--vary", text, "KEY=V1,V2,... with at least two values, e.g. autogroup=off,on");
  for (size_t i = 0; i < axis.values.size(); ++i)
    for (size_t k = 0; k < i; ++k)
      if (axis.values[i] == axis.values[k])
        throw UsageError("--vary", text,
                         fmt::format("distinct values ('{}' twice would give two sets the same label); "
                                     "for two identical sets, the A/A recipe, use --vary replicate=a,b",
                                     axis.values[i]));
  return axis;
}

std::vector<Assignment> expand_axes(const std::vector<VaryAxis>& axes) {
  std::size_t variants = 1;
  for (const auto& axis : axes) {
    if (axis.values.size() > kMaxVariants / variants)
      throw UsageError(fmt::format("--vary: the axes make more than {} variants in all; vary fewer "
                                   "controls or values at once", kMaxVariants));
    variants *= axis.values.size();
  }
  std::vector<Assignment> out{{}};
  for (const auto& axis : axes) {
    std::vector<Assignment> next;
    for (const auto& partial : out)
      for (const auto& value : axis.values) {
        Assignment a = partial;
        a.emplace_back(axis.key, value);
        next.push_back(std::move(a));
      }
    out = std::move(next);
  }
  return out;
}

void apply_assignment(const std::string& key, const std::string& value, RunOptionTexts& t,
                      WorkloadOptions& workload) {
  const std::string option = "--vary " + key;
  if (key == "replicate") return;  // the same spec again: only the label differs
  if (key == "autogroup") t.autogroup = value;
  else if (key == "cgroup-depth") t.cgroup_depth = value;
  else if (key == "copies") t.copies = value;
  else if (key == "cpus") {
    t.cpus = value;
    t.cpus_given = true;
  }
  else if (key == "pin-copies") t.pin_copies = parse_switch(option, value);
  else if (key == "setsid") t.setsid = parse_switch(option, value);
  else if (key == "policy") t.policy = value;
  else if (key == "nice") t.nice = value;
  else if (key == "psi") t.psi = value;
  else if (key == "probes") t.probes = value;
  else if (key == "sched-feature")
    replace_or_append(t.sched_features, value,
                      [&](const std::string& e) { return feature_name(e) == feature_name(value); });
  else if (key.rfind("sysctl:", 0) == 0 && key.size() > 7)
    replace_or_append(t.sysctls, key.substr(7) + "=" + value, [&](const std::string& e) {
      return e.substr(0, e.find('=')) == key.substr(7);
    });
  else if (!workload.set_text(key, value))
    throw UsageError("--vary", key + "=" + value, kKeys);
}

std::string assignment_label(const Assignment& assignment) {
  std::string out;
  for (const auto& [key, value] : assignment)
    out += fmt::format("{}{}={}", out.empty() ? "" : " ", key, value);
  return out;
}

}  // namespace schedlab
