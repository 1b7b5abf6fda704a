#pragma once
#include <string>
#include <vector>

namespace schedlab::grid {

// `words` as one POSIX shell command line: each word that is not made only
// of characters the shell takes literally is single-quoted (a ' inside
// becomes '\''), so the shell runs exactly these words.
std::string shell_command_line(const std::vector<std::string>& words);

}  // namespace schedlab::grid
