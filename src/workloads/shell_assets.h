#pragma once
#include <string_view>

namespace schedlab {

// The shell workload's files (data/shell/ in the source tree), compiled in so
// an installed schedlab needs no data directory.
std::string_view shell_script();  // one instance: sort | od | sort -n | grep | tee | wc
std::string_view shell_driver();  // starts N instances in the background and waits
std::string_view shell_input();   // the fixed text: 362 lines, about 8.5 KB

}  // namespace schedlab
