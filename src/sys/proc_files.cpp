#include "sys/proc_files.h"

#include <unistd.h>

#include <dirent.h>
#include <fcntl.h>

#include <charconv>
#include <cstdlib>
#include <cstring>

#include "core/error.h"
#include "sys/bounded_read.h"
#include "sys/unique_fd.h"

namespace schedlab::sys {

std::optional<std::string> read_text(const std::string& path, std::size_t limit) {
  std::string out;
  if (!read_capped(path, limit, out)) return std::nullopt;
  return out;
}

std::string read_text_or_throw(const std::string& action, const std::string& path) {
  auto text = read_text(path);
  if (!text) throw SystemError(action, path, errno);
  return std::move(*text);
}

std::optional<std::string> read_line(const std::string& path) {
  auto text = read_text(path);
  if (!text) return std::nullopt;
  return text->substr(0, text->find('\n'));
}

std::optional<std::string> status_field(const std::string& text, const std::string& key) {
  // "Key:\tvalue" (/proc/PID/status) or "key\t: value" (/proc/cpuinfo).
  for (size_t pos = 0; pos < text.size();) {
    size_t end = text.find('\n', pos);
    if (end == std::string::npos) end = text.size();
    if (text.compare(pos, key.size(), key) == 0) {
      size_t colon = text.find_first_not_of(" \t", pos + key.size());
      if (colon < end && text[colon] == ':') {
        size_t begin = text.find_first_not_of(" \t", colon + 1);
        if (begin >= end) return std::string();
        return text.substr(begin, end - begin);
      }
    }
    pos = end + 1;
  }
  return std::nullopt;
}

void for_each_pid(const std::function<void(pid_t)>& fn) {
  DIR* dir = ::opendir("/proc");
  if (!dir) return;
  while (dirent* e = ::readdir(dir)) {
    char* end = nullptr;
    long pid = std::strtol(e->d_name, &end, 10);
    if (*end == '\0' && pid > 0) fn(static_cast<pid_t>(pid));
  }
  ::closedir(dir);
}

std::optional<pid_t> parent_of(pid_t pid) {
  auto stat = read_text("/proc/" + std::to_string(pid) + "/stat");
  if (!stat) return std::nullopt;
  // The command name may hold spaces and parentheses: parse after the last ')'.
  size_t close = stat->rfind(')');
  if (close == std::string::npos || close + 4 >= stat->size()) return std::nullopt;
  return static_cast<pid_t>(std::atol(stat->c_str() + close + 4));  // ") S PPID"
}

std::optional<pid_t> tgid_of(pid_t tid) {
  const auto status = read_text("/proc/" + std::to_string(tid) + "/status");
  const auto tgid = status ? status_field(*status, "Tgid") : std::nullopt;
  int value = 0;
  if (!tgid || std::from_chars(tgid->data(), tgid->data() + tgid->size(), value).ec != std::errc())
    return std::nullopt;
  return value;
}

std::vector<std::string> split(const std::string& text, const char* seps) {
  std::vector<std::string> out;
  size_t pos = 0;
  while ((pos = text.find_first_not_of(seps, pos)) != std::string::npos) {
    size_t end = text.find_first_of(seps, pos);
    out.push_back(text.substr(pos, end - pos));
    pos = end;
  }
  return out;
}


int write_text(const std::string& path, const std::string& text) {
  // O_TRUNC as a shell's '>' does: control files ignore it, plain files need it.
  UniqueFd fd(::open(path.c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC));
  if (!fd) return errno;
  ssize_t n = ::write(fd.get(), text.data(), text.size());
  if (n < 0) return errno;
  return n == static_cast<ssize_t>(text.size()) ? 0 : EIO;
}

namespace {

// Field `n` (1-based, as proc(5) numbers them; n >= 3) of /proc/PID/stat.
std::optional<unsigned long long> stat_field(pid_t pid, std::size_t n) {
  auto stat = read_text("/proc/" + std::to_string(pid) + "/stat");
  if (!stat) return std::nullopt;
  size_t close = stat->rfind(')');
  if (close == std::string::npos) return std::nullopt;
  const auto fields = split(stat->substr(close + 2), " ");  // field 3 onwards
  if (fields.size() < n - 2) return std::nullopt;
  return std::strtoull(fields[n - 3].c_str(), nullptr, 10);
}

}  // namespace

std::optional<unsigned long long> start_time_of(pid_t pid) { return stat_field(pid, 22); }

std::optional<double> cpu_seconds_of(pid_t pid) {
  const auto user = stat_field(pid, 14), system = stat_field(pid, 15);
  if (!user || !system) return std::nullopt;
  return static_cast<double>(*user + *system) / static_cast<double>(sysconf(_SC_CLK_TCK));
}

bool same_words(const std::string& text, const std::string& expected) {
  return split(text, " \t\n") == split(expected, " \t\n");
}

}  // namespace schedlab::sys
