#include "core/result_text.h"

#include <fmt/format.h>

#include <stdexcept>

#include "core/json_depth.h"

namespace schedlab {

ordered_json parse_result_text(std::string_view text) {
  if (text.size() > kResultLimit)
    throw std::runtime_error(fmt::format("{} bytes, more than the {} a result can be", text.size(), kResultLimit));
  check_json_depth(text);  // nlohmann copies and dumps recursively: 40000 '[' overflow the stack
  return ordered_json::parse(text);
}

}  // namespace schedlab
