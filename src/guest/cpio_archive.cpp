#include "guest/cpio_archive.h"

#include <fmt/format.h>
#include <sys/stat.h>

namespace schedlab::guest {
namespace {

void pad4(std::string& s) { s.append((4 - s.size() % 4) % 4, '\0'); }

}  // namespace

void CpioArchive::add_entry(std::string_view path, mode_t mode, std::string_view data,
                            unsigned rdev_major, unsigned rdev_minor) {
  const bool dir = S_ISDIR(mode);
  // Fields: magic, ino, mode, uid, gid, nlink, mtime, filesize, devmajor,
  // devminor, rdevmajor, rdevminor, namesize (with its NUL), check.
  out_ += fmt::format("070701{:08X}{:08X}{:08X}{:08X}{:08X}{:08X}{:08X}{:08X}{:08X}{:08X}{:08X}{:08X}{:08X}",
                      next_inode_++, mode, 0, 0, dir ? 2 : 1, 0, data.size(), 0, 0, rdev_major, rdev_minor,
                      path.size() + 1, 0);
  out_ += path;
  out_ += '\0';
  pad4(out_);
  out_ += data;
  pad4(out_);
}

void CpioArchive::add_directory(std::string_view path, mode_t permissions) {
  add_entry(path, S_IFDIR | permissions, {}, 0, 0);
}

void CpioArchive::add_file(std::string_view path, std::string_view data, mode_t permissions) {
  add_entry(path, S_IFREG | permissions, data, 0, 0);
}

void CpioArchive::add_char_device(std::string_view path, unsigned major, unsigned minor,
                                  mode_t permissions) {
  add_entry(path, S_IFCHR | permissions, {}, major, minor);
}

std::string CpioArchive::finish() {
  next_inode_ = 0;  // the trailer's inode is 0
  add_entry("TRAILER!!!", 0, {}, 0, 0);
  next_inode_ = 1;
  std::string archive = std::move(out_);
  out_.clear();
  return archive;
}

void align_archive(std::string& image) { pad4(image); }

}  // namespace schedlab::guest
