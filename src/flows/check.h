#pragma once
// `schedlab check` on this host: the flow over its typed request
// (CheckArgs, flows/check_flow.h).  cli/check_command.cpp binds the
// command line to the request, calls these and maps bad input to 255.
#include "flows/check_flow.h"
#include "workloads/builtin.h"

namespace schedlab {

// Reads the baseline (and bad) file, checks them and the spec they hold
// against this machine and makes the setups; nothing runs.  Throws
// UsageError (or what a malformed file made a library throw): bad input.
void load_check(const Registries& registries, const CheckArgs& a, Loaded& l);

// Two lines on stderr: what will run, and what it changes on this machine.
void describe_check_plan(const Loaded& l, const CheckArgs& a);

// Measures in batches until the verdict is clear, delivers the sets to the
// store and LAVA (result sinks) and writes --json; returns 0 good, 1 bad,
// 125 cannot tell or cannot run (after "skip: why" on stdout).
int measure_check(const CheckArgs& a, Loaded& l);

}  // namespace schedlab
