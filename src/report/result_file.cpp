#include "report/result_file.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>

#include "core/error.h"
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
  const std::string text = sys::read_regular_file(path, kResultLimit);
  try {
    auto j = parse_result_text(text);
    result_file_from_json(j);  // throws on the first problem
    return j;
  } catch (const std::exception& e) {
    throw UsageError(path + ": not a valid schedlab result file: " + e.what());
  }
}

void check_writable(const std::string& option, const std::string& path) {
  namespace fs = std::filesystem;
  if (path.empty()) throw UsageError(option, path, "a file name");
  struct stat st {};
  if (stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode))
    throw UsageError(option, path,
                     S_ISDIR(st.st_mode) ? "a file name, not a directory"
                                         : "a regular file or a new name (this is a device, FIFO or socket)");
  std::error_code ec;
  fs::path dir = fs::path(path).parent_path();
  if (dir.empty()) dir = ".";
  if (!fs::is_directory(dir, ec))
    throw UsageError(option, path, "a file in an existing directory (" + dir.string() + " does not exist)");
  if (access(dir.c_str(), W_OK) != 0)
    throw UsageError(option, path, "a file in a writable directory (" + dir.string() + " is not)");
}

}  // namespace schedlab
