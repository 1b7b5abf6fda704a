#include "workloads/scratch_dir.h"

#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>

#include "core/error.h"
#include "sys/safe_files.h"

namespace schedlab {

std::string make_scratch_dir(const std::string& prefix, Journal& journal, GuardStack& guards) {
  const char* tmp = std::getenv("TMPDIR");
  std::string tmpl = std::string(tmp && *tmp ? tmp : "/tmp") + "/" + prefix + "-" +
                     std::to_string(getpid()) + "-XXXXXX";
  // mkdtemp picks the name, so the directory is journaled right after it is
  // made; a kill between the two leaves an empty directory in $TMPDIR.
  std::string dir = tmpl;
  if (!mkdtemp(dir.data())) throw SystemError("scratch: mkdtemp", tmpl, errno);
  try {
    guards.push(journal, {Change::Kind::kTree, dir, "", "scratch directory " + dir});
  } catch (...) {  // the journal refused it: nothing may be left behind
    rmdir(dir.c_str());
    throw;
  }
  return dir;
}

void write_file(const std::string& path, std::string_view text, bool executable) {
  const sys::UniqueFd fd = sys::create_output_file(path, executable ? 0755 : 0644);
  if (write(fd.get(), text.data(), text.size()) != static_cast<ssize_t>(text.size()))
    throw SystemError("scratch: write", path, errno);
}

}  // namespace schedlab
