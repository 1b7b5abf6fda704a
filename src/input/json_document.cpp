#include "input/json_document.h"

#include <fmt/format.h>

#include <stdexcept>

namespace schedlab::input {

void check_json_depth(std::string_view text, std::size_t max_depth) {
  std::size_t depth = 0;
  bool in_string = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\') ++i;  // the escaped character cannot end the string
      else if (c == '"') in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > max_depth)
        throw std::runtime_error(fmt::format("nested deeper than {} levels", max_depth));
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
}

std::string json_problem(const nlohmann::json::exception& e) {
  std::string message = e.what();
  if (message.rfind("[json.exception.", 0) == 0) {
    const auto close = message.find("] ");
    if (close != std::string::npos) message.erase(0, close + 2);
  }
  return message;
}

void DuplicateKeys::see(nlohmann::json::parse_event_t event, const std::string* key) {
  using Event = nlohmann::json::parse_event_t;
  if (event == Event::object_start) open_.emplace_back();
  else if (event == Event::object_end && !open_.empty()) open_.pop_back();
  else if (event == Event::key && key && !open_.empty() && !open_.back().insert(*key).second)
    throw InputError(what_, fmt::format("the key \"{}\" twice in one object", *key));
}

void check_json_text(std::string_view text, const std::string& what, std::size_t max_bytes) {
  if (text.size() > max_bytes)
    throw InputError(what, fmt::format("{} bytes, more than the {} it can be", text.size(), max_bytes));
  try {
    check_json_depth(text);  // nlohmann copies and dumps recursively: 40000 '[' overflow the stack
  } catch (const std::runtime_error& e) {
    throw InputError(what, e.what());
  }
}

}  // namespace schedlab::input
