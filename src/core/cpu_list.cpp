#include "core/cpu_list.h"

#include <fmt/format.h>

#include <algorithm>

#include "core/error.h"
#include "core/whole_number.h"

namespace schedlab {
namespace {

constexpr int kMaxCpu = 65535;  // far above any machine, below any overflow

int parse_cpu(std::string_view option, std::string_view whole, std::string_view part) {
  if (auto cpu = parse_whole_number(part, 0, kMaxCpu)) return *cpu;
  throw UsageError(std::string(option), std::string(whole), "a CPU list such as 0-3,8 (numactl syntax)");
}

}  // namespace

std::vector<int> parse_cpu_list(std::string_view option, std::string_view text) {
  std::vector<int> cpus;
  if (text.empty())
    throw UsageError(std::string(option), "", "a non-empty CPU list such as 0-3,8");
  size_t pos = 0;
  while (pos <= text.size()) {
    size_t comma = text.find(',', pos);
    if (comma == std::string_view::npos) comma = text.size();
    std::string_view item = text.substr(pos, comma - pos);
    size_t dash = item.find('-');
    int first = parse_cpu(option, text, item.substr(0, dash));
    int last = dash == std::string_view::npos ? first : parse_cpu(option, text, item.substr(dash + 1));
    if (last < first)
      throw UsageError(std::string(option), std::string(text),
                       fmt::format("ranges written low-high ({}-{}, not {}-{})", last, first,
                                   first, last));
    for (int c = first; c <= last; ++c) cpus.push_back(c);
    pos = comma + 1;
  }
  std::sort(cpus.begin(), cpus.end());
  cpus.erase(std::unique(cpus.begin(), cpus.end()), cpus.end());
  return cpus;
}

std::string format_cpu_list(const std::vector<int>& cpus) {
  std::string out;
  for (size_t i = 0; i < cpus.size();) {
    size_t j = i;
    while (j + 1 < cpus.size() && cpus[j + 1] == cpus[j] + 1) ++j;
    if (!out.empty()) out += ',';
    out += j == i ? fmt::format("{}", cpus[i]) : fmt::format("{}-{}", cpus[i], cpus[j]);
    i = j + 1;
  }
  return out;
}

}  // namespace schedlab
