#pragma once
// What the grid's integration tests share: running a helper program (LAVA's
// and KCIDB's validators) and turning console text
// into a LAVA log as the dispatcher writes it.
#include <string>
#include <vector>

#include "support/skip.h"

// A validator that is not installed (exit 3) skips the test, saying which
// package (SCHEDLAB_REQUIRE=validators, as scripts/test sets it, fails it).
#define SKIP_WITHOUT_VALIDATOR(status, out, package)                                                      \
  do {                                                                                                    \
    if ((status) == 3) SCHEDLAB_SKIP(kValidators) << "needs Debian's " package ": " << (out);            \
  } while (0)

namespace schedlab::testing {

// Runs `argv` (argv[0] on PATH or absolute) to completion; its exit status
// (128 + signal), with stdout and stderr together in `output`.
int run_program(const std::vector<std::string>& argv, std::string* output = nullptr);

// The tests' own copies of scripts: tests/grid/NAME.
std::string grid_script(const std::string& name);

// `console` (a test shell's output) as the lines of a LAVA log: one
// {"dt", "lvl": "target", "msg"} record per line, as lava-run prints them
// (every '"' escaped as the dispatcher escapes it), with `extra` records
// (already formatted) after them.
std::string lava_log_of(const std::string& console, const std::vector<std::string>& extra = {});

// A directory of executables on PATH for a test shell: LAVA's own
// lava-test-case and lava-common-functions when lava-dispatcher is
// installed, else a stand-in that prints the same signal line.
std::string lava_test_shell_bin(const std::string& dir);

}  // namespace schedlab::testing
