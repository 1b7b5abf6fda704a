#include "store/result_file.h"

#include "core/error.h"
#include "input/files.h"
#include "sys/safe_files.h"

namespace schedlab {

void write_result_file(const std::string& path, const ResultFile& file) {
  const ordered_json j = file;
  // Text that is not UTF-8 (a label, a command's argument) is written with
  // U+FFFD in its place: a measured run is never lost to serialisation.
  sys::write_file_atomically(path, j.dump(2, ' ', false, ordered_json::error_handler_t::replace) + "\n",
                             0644);
}

ResultFile read_result_file(const std::string& path) {
  return result_file_from_json(read_result_json(path));
}

ordered_json read_result_json(const std::string& path) {
  const std::string text = input::read_named_file(path, input::kResultFile);
  try {
    auto j = parse_result_text(text);
    result_file_from_json(j);  // throws on the first problem
    return j;
  } catch (const std::exception& e) {
    throw UsageError(path + ": not a valid schedlab result file: " + e.what());
  }
}

}  // namespace schedlab
