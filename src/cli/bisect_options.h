#pragma once
// `schedlab bisect` as typed: its options before "--" (the spec after it is
// `run WORKLOAD [options]`, as `kernels` takes it).
#include <CLI/CLI.hpp>
#include <string>

namespace schedlab {

struct BisectTexts {
  std::string tree, good, bad;
  std::string config;     // a .config fragment merged after kvm_guest.config onto allnoconfig
  std::string jobs;       // make -j (default: this machine's CPUs)
  std::string build_cmd;  // instead of make: prints the image's path last
  std::string build_dir;  // O= (default: in the bisect's work directory)
  std::string threshold = "5";
  std::string max_boots = "24";
  std::string vcpus, memory = "2G", accel, clock;
  bool emulated_ok = false;
  bool side_by_side = false, one_at_a_time = false;
  bool resume = false;
};

// Bound to one CLI11 app: what parses the options, its --help, the man page
// and the completions.
struct BisectCommandLine {
  BisectCommandLine();
  BisectCommandLine(const BisectCommandLine&) = delete;
  BisectCommandLine& operator=(const BisectCommandLine&) = delete;

  CLI::App app;
  BisectTexts texts;
};

}  // namespace schedlab
