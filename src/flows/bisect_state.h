#pragma once
// What `schedlab bisect` keeps beside git's own bisect state, in the tree's
// git directory (schedlab-bisect.json), written after every step: how it was
// started (the options, the spec, where the tree's HEAD was) and every
// step's verdict.  git's bisect log says which commits were marked; this
// says why, so that `schedlab bisect --resume` continues after a Ctrl-C or
// a SIGKILL and prints the whole table at the end.
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"

namespace schedlab {

struct BisectStep {
  std::string commit, subject;
  std::string verdict;  // good, bad, skip
  std::string why;      // a skip's reason (the build failed, a kernel kept failing, cannot tell)
  std::optional<double> change_pct, low_pct, high_pct;
  int boots = 0;        // per kernel
  double build_s = 0, judge_s = 0;
  bool emulated = false;
  bool counted = false;  // the guests' time counted instructions
};

struct BisectState {
  std::string tree, original_head, good, bad;
  std::vector<std::string> spec;  // run WORKLOAD ...
  std::string build_cmd, config, build_dir, work_dir;
  int jobs = 1;
  double threshold = 5;
  int max_boots = 24;
  bool emulated_ok = false;
  std::optional<bool> side_by_side;  // nullopt: when the host has the CPUs
  std::string vcpus, memory, accel;
  std::string clock;  // --guest-clock as given ("" = auto)
  std::string good_image;  // the good revision's kernel, built once, kept in work_dir
  bool started = false;    // git bisect start has run
  std::vector<BisectStep> steps;
};

ordered_json to_json(const BisectState& s);
// Throws UsageError naming the file when it is not one of ours.
BisectState bisect_state_from_json(const ordered_json& j, const std::string& path);

std::string bisect_state_path(const std::string& git_dir);
std::optional<BisectState> read_bisect_state(const std::string& git_dir);
void write_bisect_state(const std::string& git_dir, const BisectState& s);
void remove_bisect_state(const std::string& git_dir);

}  // namespace schedlab
