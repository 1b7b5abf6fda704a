#pragma once
#include <sys/types.h>

#include <optional>
#include <string>
#include <string_view>

namespace schedlab::guest {

// An uncompressed "newc" cpio archive, the format the kernel unpacks into
// its initramfs (Documentation/driver-api/early-userspace/buffer-format.rst):
// per entry a 110-byte ASCII header, the name and the data, each padded to
// 4 bytes.  Written here rather than by cpio(1) so that the same inputs give
// the same bytes (inode numbers count from 1, times are 0, owner is root).
class CpioArchive {
 public:
  // `path` without a leading '/' ("bin/busybox"); parents must be added first.
  void add_directory(std::string_view path, mode_t permissions = 0755);
  void add_file(std::string_view path, std::string_view data, mode_t permissions);
  void add_char_device(std::string_view path, unsigned major, unsigned minor, mode_t permissions);
  // The archive with its TRAILER!!! entry; the archive is empty afterwards.
  std::string finish();

 private:
  void add_entry(std::string_view path, mode_t mode, std::string_view data, unsigned rdev_major,
                 unsigned rdev_minor);
  std::string out_;
  unsigned next_inode_ = 1;
};

// The data of the regular file `path` ("usr/bin/schedlab", no leading '/')
// in the newc archive `archive`, or nullopt when the archive has none.
// Every header and length is checked against the bytes there are; throws
// std::runtime_error for an archive that is not newc or is cut short.
std::optional<std::string_view> cpio_file(std::string_view archive, std::string_view path);

// Pads `image` with NUL bytes to a multiple of 4, so that another archive
// can follow it (the kernel reads a sequence of archives, later entries
// replacing earlier ones, and expects each to start 4-byte aligned).
void align_archive(std::string& image);

}  // namespace schedlab::guest
