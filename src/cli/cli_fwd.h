#pragma once
// CLI11's App, for the headers of cli/ that only name it (a reference or a
// pointer): CLI/CLI.hpp costs several CPU seconds in every file that
// includes it, so only the .cpp files that build or parse a command line
// include it (docs/build.md).
namespace CLI {
class App;
}  // namespace CLI
