#pragma once
#include <string>

namespace schedlab {

// What became of one requested control.
struct ControlOutcome {
  std::string control;  // "sysctl", "autogroup", "cgroup-depth", ...
  std::string value;    // as requested
  bool applied = false;
  std::string detail;   // applied: how it was verified; not applied: why
  std::string hint;     // not applied: what to try
};

}  // namespace schedlab
