#include "report/result_file.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>

#include "core/error.h"
#include "sys/proc_files.h"
#include "sys/unique_fd.h"

namespace schedlab {

void write_result_file(const std::string& path, const ResultFile& file) {
  ordered_json j = file;
  const std::string text = j.dump(2) + "\n";
  const std::string tmp = path + ".tmp" + std::to_string(getpid());
  {
    sys::UniqueFd fd(open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644));
    if (!fd) throw SystemError("result: create", tmp, errno);
    size_t done = 0;
    while (done < text.size()) {
      ssize_t n = write(fd.get(), text.data() + done, text.size() - done);
      if (n < 0) throw SystemError("result: write", tmp, errno);
      done += static_cast<size_t>(n);
    }
  }
  if (rename(tmp.c_str(), path.c_str()) != 0) {
    const int err = errno;
    unlink(tmp.c_str());
    throw SystemError("result: rename", path, err);
  }
}

ResultFile read_result_file(const std::string& path) {
  return result_file_from_json(read_result_json(path));
}

ordered_json read_result_json(const std::string& path) {
  auto text = sys::read_text(path);
  if (!text) throw UsageError(path + ": cannot be read (" + std::strerror(errno) + ")");
  try {
    auto j = ordered_json::parse(*text);
    result_file_from_json(j);  // throws on the first problem
    return j;
  } catch (const ordered_json::exception& e) {
    throw UsageError(path + ": not a valid schedlab result file: " + e.what());
  } catch (const std::exception& e) {
    throw UsageError(path + ": not a valid schedlab result file: " + e.what());
  }
}

void check_writable(const std::string& option, const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (fs::is_directory(path, ec))
    throw UsageError(option, path, "a file name, not a directory");
  fs::path dir = fs::path(path).parent_path();
  if (dir.empty()) dir = ".";
  if (!fs::is_directory(dir, ec))
    throw UsageError(option, path, "a file in an existing directory (" + dir.string() + " does not exist)");
  if (access(dir.c_str(), W_OK) != 0)
    throw UsageError(option, path, "a file in a writable directory (" + dir.string() + " is not)");
}

}  // namespace schedlab
