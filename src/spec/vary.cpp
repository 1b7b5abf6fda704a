#include "spec/vary.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "core/error.h"
#include "spec/run_option_table.h"
#include "sys/proc_files.h"

namespace schedlab {
namespace {

// The full factorial grows as the product of the axes, and prepare() builds a
// spec and a copy of the environment for every variant before anything runs:
// 18 axes of two values (262,144 variants) took 34 s and 3 GB and ended in
// "internal error: std::bad_alloc".  A thousand is more sets than anyone
// compares.
constexpr std::size_t kMaxVariants = 1000;

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

void apply_assignment(const std::string& key, const std::string& value, RunSettings& settings,
                      WorkloadOptions& workload) {
  if (key == "replicate") return;  // the same spec again: only the label differs
  if (vary_setting(settings, key, value)) return;
  if (workload.set_text(key, value)) return;
  throw UsageError("--vary", key + "=" + value,
                   fmt::format("a KEY among {}, replicate (identical sets: the A/A recipe) or an option of the "
                               "workload",
                               fmt::join(vary_keys(), ", ")));
}

std::string assignment_label(const Assignment& assignment) {
  std::string out;
  for (const auto& [key, value] : assignment)
    out += fmt::format("{}{}={}", out.empty() ? "" : " ", key, value);
  return out;
}

}  // namespace schedlab
