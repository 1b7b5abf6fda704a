#include "input/files.h"

#include <cerrno>

#include "core/error.h"
#include "sys/bounded_read.h"
#include "sys/proc_files.h"

namespace schedlab::input {

std::string read_named_file(const std::string& path, const FileKind& kind) {
  return sys::read_bounded(path, {.limit = kind.max_bytes, .follow_symlink = true}).bytes;
}

PackedFile read_packed_file(const std::string& path, const FileKind& kind) {
  auto read = sys::read_bounded(path, {.limit = kind.max_bytes, .follow_symlink = false});
  return {std::move(read.bytes), read.mode};
}

std::optional<std::string> read_optional_file(const std::string& path, const FileKind& kind) {
  try {
    return read_packed_file(path, kind).bytes;
  } catch (const UsageError&) {
    return std::nullopt;
  }
}

std::string read_file_head(const std::string& path, std::size_t bytes) {
  std::string head;
  sys::read_capped(path, bytes, head);
  return head;
}

std::optional<std::string> read_system_file(const std::string& path, std::size_t limit) {
  return sys::read_text(path, limit);
}

std::optional<std::string> read_system_line(const std::string& path) { return sys::read_line(path); }

std::string read_system_file_or_throw(const std::string& action, const std::string& path) {
  auto text = sys::read_text(path);
  if (!text) throw SystemError(action, path, errno);
  return std::move(*text);
}

}  // namespace schedlab::input
