#include "core/cpu_list.h"

#include <fmt/format.h>
#include <hwloc.h>

#include <algorithm>
#include <memory>
#include <regex>

#include "core/error.h"
#include "core/whole_number.h"

namespace schedlab {
namespace {

constexpr int kMaxCpu = 65535;  // far above any machine, below any overflow

using Bitmap = std::unique_ptr<hwloc_bitmap_s, decltype(&hwloc_bitmap_free)>;

Bitmap new_bitmap() { return {hwloc_bitmap_alloc(), &hwloc_bitmap_free}; }

Bitmap bitmap_of(const std::vector<int>& cpus) {
  Bitmap b = new_bitmap();
  for (int c : cpus) hwloc_bitmap_set(b.get(), static_cast<unsigned>(c));
  return b;
}

std::vector<int> cpus_of(const Bitmap& b) {
  std::vector<int> cpus;
  for (int c = hwloc_bitmap_first(b.get()); c != -1; c = hwloc_bitmap_next(b.get(), c)) cpus.push_back(c);
  return cpus;
}

[[noreturn]] void refuse(std::string_view option, std::string_view text, const std::string& allowed) {
  throw UsageError(std::string(option), std::string(text), allowed);
}

// The list grammar, held strictly, and the set built with hwloc bitmaps.
// Not with hwloc_bitmap_list_sscanf: it reads numbers with strtoul base 0
// ("0x3" is 3, "038" is octal and yields nothing), takes "1-2-3" for 1-3
// and lets a number past INT_MAX wrap.
Bitmap parse_list(std::string_view option, std::string_view text) {
  static const std::regex item(R"((\d{1,5})(?:-(\d{1,5}))?)");
  const std::string whole(text);
  if (whole.empty()) refuse(option, text, "a non-empty CPU list such as 0-3,8");
  Bitmap b = new_bitmap();
  size_t pos = 0;
  while (pos <= whole.size()) {
    size_t comma = whole.find(',', pos);
    if (comma == std::string::npos) comma = whole.size();
    std::smatch m;
    const std::string part = whole.substr(pos, comma - pos);
    if (!std::regex_match(part, m, item))
      refuse(option, text, "a CPU list such as 0-3,8 (numactl syntax; also all, !LIST, +LIST)");
    const int first = *parse_whole_number(m[1].str(), 0, INT32_MAX);
    const int last = m[2].matched ? *parse_whole_number(m[2].str(), 0, INT32_MAX) : first;
    if (std::max(first, last) > kMaxCpu)
      refuse(option, text, fmt::format("CPU numbers up to {}", kMaxCpu));
    if (last < first)
      refuse(option, text, fmt::format("ranges written low-high ({}-{}, not {}-{})", last, first, first, last));
    hwloc_bitmap_set_range(b.get(), static_cast<unsigned>(first), last);
    pos = comma + 1;
  }
  return b;
}

// numactl's "+LIST": the LIST-th CPUs of the allowed set, counted from 0.
Bitmap relative_to(std::string_view option, std::string_view text, const Bitmap& indices,
                   const std::vector<int>& allowed) {
  Bitmap b = new_bitmap();
  for (int i : cpus_of(indices)) {
    if (static_cast<size_t>(i) >= allowed.size())
      refuse(option, text,
             fmt::format("+N counting within the {} allowed CPUs ({}): +0 to +{}", allowed.size(),
                         format_cpu_list(allowed), allowed.size() - 1));
    hwloc_bitmap_set(b.get(), static_cast<unsigned>(allowed[static_cast<size_t>(i)]));
  }
  return b;
}

}  // namespace

std::vector<int> parse_cpu_list(std::string_view option, std::string_view text) {
  return cpus_of(parse_list(option, text));
}

std::vector<int> parse_cpu_selection(std::string_view option, std::string_view text,
                                     const std::vector<int>& allowed) {
  if (text == "all") return allowed;
  std::string_view rest = text;
  const bool invert = !rest.empty() && rest.front() == '!';
  if (invert) rest.remove_prefix(1);
  const bool relative = !rest.empty() && rest.front() == '+';
  if (relative) rest.remove_prefix(1);
  Bitmap chosen = relative ? relative_to(option, text, parse_list(option, rest), allowed) : parse_list(option, rest);
  if (invert) hwloc_bitmap_andnot(chosen.get(), bitmap_of(allowed).get(), chosen.get());
  auto cpus = cpus_of(chosen);
  if (cpus.empty()) refuse(option, text, fmt::format("at least one CPU (allowed here: {})", format_cpu_list(allowed)));
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
