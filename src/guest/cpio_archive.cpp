#include "guest/cpio_archive.h"

#include <fmt/format.h>
#include <sys/stat.h>

#include <charconv>
#include <cstdint>
#include <stdexcept>

namespace schedlab::guest {
namespace {

void pad4(std::string& s) { s.append((4 - s.size() % 4) % 4, '\0'); }

constexpr std::size_t kHeaderBytes = 110;
constexpr std::size_t kModeField = 1, kSizeField = 6, kNameSizeField = 11;  // after ino (0)

std::size_t padded4(std::size_t n) { return n + (4 - n % 4) % 4; }

// Field `index` of a newc header: eight hex digits after the six of the magic.
std::size_t header_field(std::string_view header, std::size_t index) {
  const char* begin = header.data() + 6 + 8 * index;
  std::uint32_t value = 0;
  const auto [end, error] = std::from_chars(begin, begin + 8, value, 16);
  if (error != std::errc() || end != begin + 8) throw std::runtime_error("not a newc cpio archive (a header field is not hex)");
  return value;
}

}  // namespace

std::optional<std::string_view> cpio_file(std::string_view archive, std::string_view path) {
  std::size_t at = 0;
  while (true) {
    if (archive.size() - at < kHeaderBytes || archive.substr(at, 6) != "070701")
      throw std::runtime_error("not a newc cpio archive (no 070701 header where an entry should start)");
    const std::string_view header = archive.substr(at, kHeaderBytes);
    const std::size_t name_size = header_field(header, kNameSizeField), size = header_field(header, kSizeField);
    const std::size_t name_at = at + kHeaderBytes;
    if (name_size == 0 || archive.size() - name_at < name_size)
      throw std::runtime_error("a newc cpio archive cut short (an entry's name)");
    const std::string_view name = archive.substr(name_at, name_size - 1);
    const std::size_t data_at = padded4(name_at + name_size);
    if (data_at > archive.size() || archive.size() - data_at < size)
      throw std::runtime_error("a newc cpio archive cut short (an entry's data)");
    if (name == "TRAILER!!!") return std::nullopt;
    if (name == path && S_ISREG(header_field(header, kModeField))) return archive.substr(data_at, size);
    at = padded4(data_at + size);
    if (at > archive.size()) throw std::runtime_error("a newc cpio archive cut short (no trailer)");
  }
}

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
