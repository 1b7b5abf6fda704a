#include "core/copies.h"

#include <fmt/format.h>


#include "core/error.h"
#include "core/whole_number.h"

namespace schedlab {
namespace {

bool parse_positive(std::string_view text, int max, int& out) {
  const auto v = parse_whole_number(text, 1, max);
  if (v) out = *v;
  return v.has_value();
}

}  // namespace

int CopiesSpec::resolve(int cpus) const {
  switch (kind) {
    case Kind::kAuto: return cpus;
    case Kind::kPerCpu: return cpus * value;
    case Kind::kCount: break;
  }
  return value;
}

std::string CopiesSpec::text() const {
  switch (kind) {
    case Kind::kAuto: return "auto";
    case Kind::kPerCpu: return fmt::format("{}x", value);
    case Kind::kCount: break;
  }
  return fmt::format("{}", value);
}

CopiesSpec parse_copies(std::string_view option, std::string_view text) {
  CopiesSpec spec;
  if (text == "auto") {
    spec.kind = CopiesSpec::Kind::kAuto;
    return spec;
  }
  if (!text.empty() && text.back() == 'x') {
    spec.kind = CopiesSpec::Kind::kPerCpu;
    if (parse_positive(text.substr(0, text.size() - 1), 1024, spec.value)) return spec;
    throw UsageError(std::string(option), std::string(text), "Kx with K from 1 to 1024 copies per CPU, e.g. 4x");
  } else if (parse_positive(text, kMaxCopies, spec.value)) {
    return spec;
  }
  throw UsageError(std::string(option), std::string(text),
                   fmt::format("a number of copies from 1 to {}, 'auto' (one per CPU) or Kx "
                               "(K per CPU, e.g. 4x)",
                               kMaxCopies));
}

}  // namespace schedlab
