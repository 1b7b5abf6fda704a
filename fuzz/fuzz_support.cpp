#include "fuzz_support.h"

#include <cstdio>
#include <cstdlib>
#include <stdexcept>

#include "store/result_file.h"

namespace schedlab::fuzz {

std::optional<ResultFile> read_result_text(std::string_view text) {
  try {
    return result_file_from_json(parse_result_text(text));
  } catch (const ordered_json::exception&) {
    return std::nullopt;
  } catch (const std::runtime_error&) {
    return std::nullopt;
  } catch (const std::invalid_argument&) {
    return std::nullopt;
  }
}

const WorkloadRegistry& workloads() {
  static const WorkloadRegistry registry = builtin_workloads();
  return registry;
}

Registries registries() {
  static const ProbeList probes = builtin_probes();
  return {workloads(), probes};
}

void require(bool holds, std::string_view property, std::string_view input) {
  if (holds) return;
  std::fprintf(stderr, "fuzz: %.*s does not hold for '%.*s'\n", static_cast<int>(property.size()),
               property.data(), static_cast<int>(input.size()), input.data());
  std::abort();
}

std::vector<std::string> lines_of(std::string_view text) {
  std::vector<std::string> lines;
  size_t start = 0;
  for (size_t nl; (nl = text.find('\n', start)) != std::string_view::npos; start = nl + 1)
    lines.emplace_back(text.substr(start, nl - start));
  lines.emplace_back(text.substr(start));
  return lines;
}

}  // namespace schedlab::fuzz
