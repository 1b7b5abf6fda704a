#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace schedlab {

// Parses numactl/taskset list syntax ("0-3,8", "1", "0,2-4") into sorted,
// unique CPU numbers.  Throws UsageError naming `option` on an empty list, a
// reversed range ("3-1") or junk.
std::vector<int> parse_cpu_list(std::string_view option, std::string_view text);

// --cpus as numactl's --physcpubind takes it: a list, "all" (every CPU of
// `allowed`, the process's affinity), "!LIST" (the allowed CPUs but LIST),
// "+LIST" (the LIST-th allowed CPUs, from 0; "!+LIST" too). Never empty.
std::vector<int> parse_cpu_selection(std::string_view option, std::string_view text,
                                     const std::vector<int>& allowed);

// The inverse: sorted CPUs rendered with ranges ("0-3,8").
std::string format_cpu_list(const std::vector<int>& cpus);

}  // namespace schedlab
