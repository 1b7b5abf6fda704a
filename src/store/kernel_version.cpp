#include "store/kernel_version.h"

#include <cctype>
#include <cstdint>
#include <tuple>
#include <vector>

namespace schedlab::store {
namespace {

struct Release {
  std::vector<std::uint64_t> numbers;  // 6.11.0 -> {6, 11, 0}
  std::uint64_t rc = UINT64_MAX;       // no -rcN: after every candidate
  std::string rest;                    // "-1-amd64", "+", ""
};

bool digit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

std::uint64_t read_number(const std::string& s, size_t& at) {
  std::uint64_t n = 0;
  while (at < s.size() && digit(s[at])) n = n * 10 + static_cast<std::uint64_t>(s[at++] - '0');
  return n;
}

Release parse(const std::string& s) {
  Release r;
  size_t at = 0;
  while (at < s.size() && digit(s[at])) {
    r.numbers.push_back(read_number(s, at));
    if (at + 1 < s.size() && s[at] == '.' && digit(s[at + 1])) ++at;
    else break;
  }
  while (r.numbers.size() < 3) r.numbers.push_back(0);
  if (s.compare(at, 3, "-rc") == 0 && at + 3 < s.size() && digit(s[at + 3])) {
    at += 3;
    r.rc = read_number(s, at);
  }
  r.rest = s.substr(at);
  return r;
}

// Natural order: digit runs compare as numbers, the rest byte by byte.
int compare_natural(const std::string& a, const std::string& b) {
  size_t i = 0, j = 0;
  while (i < a.size() && j < b.size()) {
    if (digit(a[i]) && digit(b[j])) {
      const auto x = read_number(a, i), y = read_number(b, j);
      if (x != y) return x < y ? -1 : 1;
      continue;
    }
    if (a[i] != b[j]) return a[i] < b[j] ? -1 : 1;
    ++i, ++j;
  }
  return (i < a.size()) - (j < b.size());
}

}  // namespace

int compare_kernel_releases(const std::string& a, const std::string& b) {
  const Release x = parse(a), y = parse(b);
  if (std::tie(x.numbers, x.rc) != std::tie(y.numbers, y.rc))
    return std::tie(x.numbers, x.rc) < std::tie(y.numbers, y.rc) ? -1 : 1;
  if (const int c = compare_natural(x.rest, y.rest)) return c;
  return a.compare(b) < 0 ? -1 : a == b ? 0 : 1;  // "6.11" and "6.11.0": still a fixed order
}

std::string kernel_commit(const std::string& release) {
  // setlocalversion appends "-gSHA" (12+ hex digits in recent kernels, 8+ before).
  for (size_t at = release.find("-g"); at != std::string::npos; at = release.find("-g", at + 1)) {
    size_t end = at + 2;
    while (end < release.size() && std::isxdigit(static_cast<unsigned char>(release[end]))) ++end;
    const bool whole = end == release.size() || release[end] == '-' || release[end] == '+';
    if (end - at - 2 >= 7 && whole) return release.substr(at + 2, end - at - 2);
  }
  return "";
}

}  // namespace schedlab::store
