#pragma once
// Which program each sampled process ran and where its executable files
// were mapped, followed through the window from the side-band records: a
// fork copies the parent's mappings, an exec starts a new program with none,
// each executable mmap adds one.  Processes that existed before sampling
// began are seeded from /proc/PID/maps (the kernel reports only mappings
// made after the events were opened).  User addresses of samples become a
// (file, offset in the file) pair, which stays meaningful after the process
// is gone — symbols are looked up at the run's end.  Pure: no system calls.
#include <sys/types.h>

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace schedlab::profile {

// One executable mapping of a file.
struct Mapping {
  std::uint64_t start = 0, end = 0;  // [start, end) in the process
  std::uint64_t file_offset = 0;     // of `start` in the file
  std::uint32_t file = 0;            // index into AddressSpaces::files()
};

// Where a user address points.
struct FileAddress {
  std::uint32_t file = 0;
  std::uint64_t offset = 0;  // in the file
};

class AddressSpaces {
 public:
  // A process running before sampling began, with its command name and
  // the text of its /proc/PID/maps (non-executable lines are ignored).
  void seed(pid_t pid, std::string comm, std::string_view maps_text);

  void fork(pid_t pid, pid_t parent);  // a new process (not a thread)
  void exec(pid_t pid, std::string comm);
  void rename(pid_t pid, std::string comm);  // prctl(PR_SET_NAME) and the like
  void map(pid_t pid, std::uint64_t start, std::uint64_t length, std::uint64_t file_offset,
           const std::string& path);
  void exit(pid_t pid);  // the process is gone: its state is dropped

  bool known(pid_t pid) const { return processes_.count(pid) > 0; }
  std::optional<FileAddress> resolve(pid_t pid, std::uint64_t address) const;
  // The process's command name; "[unknown]" for a process never seen.
  const std::string& comm(pid_t pid) const;
  const std::vector<std::string>& files() const { return files_; }
  std::size_t processes() const { return processes_.size(); }

 private:
  struct Process {
    std::string comm;
    // Shared between a parent and its forked children until one maps more.
    std::shared_ptr<const std::vector<Mapping>> mappings;
  };
  std::uint32_t file_index(const std::string& path);
  Process& process(pid_t pid);

  std::map<pid_t, Process> processes_;
  std::vector<std::string> files_;
  std::map<std::string, std::uint32_t, std::less<>> file_ids_;
};

// The executable file mappings of a /proc/PID/maps text.
std::vector<std::pair<std::string, Mapping>> executable_mappings(std::string_view maps_text);

}  // namespace schedlab::profile
