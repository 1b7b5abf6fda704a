#include "input/result_text.h"

#include <stdexcept>

#include "input/json_document.h"

namespace schedlab {

ordered_json parse_result_text(std::string_view text) {
  try {
    return input::parse_json_document(text, "a result", kResultLimit);
  } catch (const input::InputError& e) {
    throw std::runtime_error(e.why());  // the callers name the file or the row
  }
}

}  // namespace schedlab
