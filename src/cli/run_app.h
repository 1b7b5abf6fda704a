#pragma once
// The top level, `schedlab COMMAND ...`, in a header of its own: main.cpp
// includes only this, not CLI11 and the workloads (it was the slowest file
// of the build for one line of code).

namespace schedlab {

// Parses the command line, runs the command: the exit status (cli/app.cpp).
int run_app(int argc, char** argv);

}  // namespace schedlab
