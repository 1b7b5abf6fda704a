#pragma once
// Where an output file goes, as a directory held open and a name in it:
// every write of sys/safe_files is made relative to that descriptor
// (openat, renameat, unlinkat, fstatat with O_NOFOLLOW), never through the
// path again.  The directory of every output option is opened when the
// option is validated (check_output_file, hold_output_dir), before the run:
// a parent directory swapped for a symlink while the run measures (into a
// root-only directory, say) cannot redirect the write — it goes to the
// directory that was checked.  A path whose directory was not held (a
// journal in its private directory, a cache) is opened at the write.
#include <string>

#include "sys/unique_fd.h"

namespace schedlab::sys {

// Opens and keeps, for the rest of the process, the directory `dir` ("" is
// "."), resolved once as given; the first descriptor held for a spelling
// of a directory is the one every later write there uses.  Silently does
// nothing when it cannot be opened: the write will say why.
void hold_output_dir(const std::string& dir);

// The directory part of `path` as hold_output_dir keys it: "a/b" for
// "a/b/c.json" and "a//b/./c.json", "." for "c.json".
std::string output_dir_of(const std::string& path);

class OutputPlace {
 public:
  // The held directory of `path`, or its directory opened now.  Throws
  // SystemError("open the directory of", path) when it cannot be opened.
  explicit OutputPlace(const std::string& path);

  int dir() const { return dir_; }
  const std::string& name() const { return name_; }  // the last component
  const std::string& path() const { return path_; }   // as given, for messages

 private:
  UniqueFd owned_;  // when not held
  int dir_ = -1;
  std::string name_, path_;
};

}  // namespace schedlab::sys
