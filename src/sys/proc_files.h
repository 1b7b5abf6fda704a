#pragma once
#include <sys/types.h>

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace schedlab::sys {

// How much of a /proc, /sys or tracefs file is read: /proc/kallsyms of a
// large kernel is some 20 MiB, a tracefs "trace" a few buffers.
inline constexpr std::size_t kSystemFileLimit = std::size_t{128} << 20;

// The content of a kernel file such as /proc/stat, at most `limit` bytes
// (the rest is cut); nullopt when it cannot be opened or read.  Never
// blocks (O_NONBLOCK) and never throws for I/O problems.  Outside sys/,
// read through input/files.h.
std::optional<std::string> read_text(const std::string& path, std::size_t limit = kSystemFileLimit);

// The whole content of a file schedlab cannot do without (an input it was
// given, /proc/stat); throws SystemError("ACTION", path, errno) when it
// cannot be read.
std::string read_text_or_throw(const std::string& action, const std::string& path);

// The first line of a file without its newline; nullopt as above.
std::optional<std::string> read_line(const std::string& path);

// The value of "Key:" in a /proc/PID/status-like file, trimmed.
std::optional<std::string> status_field(const std::string& text, const std::string& key);

// Calls `fn` for every numeric entry of /proc.
void for_each_pid(const std::function<void(pid_t)>& fn);

// The parent pid from /proc/PID/stat; nullopt when the task is gone.
std::optional<pid_t> parent_of(pid_t pid);

// The process (thread group) of thread `tid`, from /proc/TID/status;
// nullopt when the task is gone.
std::optional<pid_t> tgid_of(pid_t tid);

// Splits on any of `seps`, dropping empty fields.
std::vector<std::string> split(const std::string& text, const char* seps);


// Writes `text` to an existing file (sysctl, cgroup or debugfs control file)
// in one write(2).  Returns 0 or the errno of open/write.
int write_text(const std::string& path, const std::string& text);

// The start time of `pid` (field 22 of /proc/PID/stat, in clock ticks since
// boot), which with the pid identifies a process across pid reuse.
std::optional<unsigned long long> start_time_of(pid_t pid);

// The CPU time `pid` has used, user and system, all its threads (fields 14
// and 15 of /proc/PID/stat); nullopt when the task is gone.
std::optional<double> cpu_seconds_of(pid_t pid);

// Whether `text` equals `expected` once runs of white space are folded.
bool same_words(const std::string& text, const std::string& expected);

}  // namespace schedlab::sys
