#include "core/json_leaves.h"

namespace schedlab {
namespace {

std::string leaf_text(const nlohmann::ordered_json& v) {
  return v.is_string() ? v.get<std::string>()
                       : v.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

}  // namespace

void append_json_leaves(const nlohmann::ordered_json& j, const std::string& prefix, JsonLeaves& out) {
  if (!j.is_object()) {
    out.emplace_back(prefix, leaf_text(j));
    return;
  }
  for (const auto& [key, value] : j.items()) {
    std::string path = prefix;
    if (!path.empty()) path += '.';
    path += key;
    append_json_leaves(value, path, out);
  }
}

std::string text_at(const nlohmann::ordered_json& j, std::initializer_list<const char*> path) {
  const nlohmann::ordered_json* at = &j;
  for (const char* key : path) {
    if (!at->is_object() || !at->contains(key)) return "";
    at = &at->at(key);
  }
  return at->is_string() ? at->get<std::string>() : "";
}

}  // namespace schedlab
