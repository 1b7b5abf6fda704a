#pragma once
// JSON from outside: result files, journals, store rows, the LAVA server's
// answers, a guest's evidence.  A document is bounded in bytes and depth
// before nlohmann builds it, and a type error or a missing key in it is
// bad input naming the document and the key, never an internal error.
#include <cstddef>
#include <string>
#include <set>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "input/input_error.h"
#include "input/limits.h"

namespace schedlab::input {

using ordered_json = nlohmann::ordered_json;

// Throws std::runtime_error "nested deeper than N levels" when an array or
// object of `text` lies more than `max_depth` levels deep.  It reads the
// text as the parser will (strings and their escapes skipped), so for any
// text the parser accepts it counts exactly, and for text it refuses it
// only says no earlier.
void check_json_depth(std::string_view text, std::size_t max_depth = kMaxJsonDepth);

// nlohmann's message without its "[json.exception.type_error.302] " tag:
// "(/sets/0/label) type must be string, but is number".
std::string json_problem(const nlohmann::json::exception& e);

// Throws InputError "WHAT: ..." when `text` is longer than `max_bytes` or
// nested deeper than kMaxJsonDepth: the checks made before parsing.
void check_json_text(std::string_view text, const std::string& what, std::size_t max_bytes);

// Refuses a key given twice in one object, which nlohmann would keep one
// of silently: `{"schema": "a", "schema": "b"}` is two documents in one.
class DuplicateKeys {
 public:
  explicit DuplicateKeys(const std::string& what) : what_(what) {}
  // An event of nlohmann's parser callback.
  void see(nlohmann::json::parse_event_t event, const std::string* key);

 private:
  const std::string& what_;
  std::vector<std::set<std::string>> open_;  // the keys of each object being parsed
};

// The document `text`, named `what` in messages ("the LAVA server's answer
// to jobs/7/"): throws InputError when check_json_text() refuses it, it is
// not JSON or an object has a key twice.  Json is nlohmann::ordered_json
// (keys kept in order, as result files are) or nlohmann::json.
template <class Json = ordered_json>
Json parse_json_document(std::string_view text, const std::string& what, std::size_t max_bytes) {
  check_json_text(text, what, max_bytes);
  DuplicateKeys keys(what);
  auto callback = [&keys](int, nlohmann::json::parse_event_t event, Json& parsed) {
    keys.see(event, parsed.is_string() ? parsed.template get_ptr<const std::string*>() : nullptr);
    return true;
  };
  try {
    return Json::parse(text, callback);
  } catch (const nlohmann::json::parse_error& e) {  // its message quotes the bytes: a terminal's escapes
    throw InputError(what, "not JSON (at byte " + std::to_string(e.byte) + ")");
  }
}

// Runs `read`, which takes the fields out of a parsed document, and turns
// a type error or a missing key into InputError "WHAT: <json_problem>".
template <class Read>
auto read_json_fields(const std::string& what, Read&& read) -> decltype(read()) {
  try {
    return read();
  } catch (const nlohmann::json::exception& e) {
    throw InputError(what, json_problem(e));
  }
}

}  // namespace schedlab::input
