#pragma once
#include <sys/types.h>

#include <optional>
#include <string>
#include <vector>

#include "sys/affinity.h"

namespace schedlab::sys {

// How to start a helper program schedlab drives (QEMU, virtiofsd).
struct HelperLaunch {
  std::vector<std::string> argv;  // argv[0] is an absolute path
  std::string output_path;        // stdout and stderr go to this new file; "" = /dev/null
  const CpuMask* cpus = nullptr;  // affinity before exec; nullptr keeps ours
  // When not empty: before exec the helper enters a mount namespace of its
  // own (propagation private), binds `/` there non-recursively and
  // read-only, and may export that directory.  The mount exists only in
  // that namespace and goes with the helper; the host never sees it.
  std::string read_only_root_at;
  std::string cwd;                // the directory it starts in; "" = ours
};

// A running helper that cannot outlive us: it leads its own process group
// (a terminal's Ctrl-C reaches schedlab alone, which decides the order of
// the teardown), has the parent-death signal SIGKILL (a SIGKILLed schedlab
// takes it along), and is SIGKILLed with its whole group and reaped when
// this object goes — on success, error and interrupt alike.
class HelperProcess {
 public:
  // Forks and execs; throws SystemError naming the step that failed in the
  // child (fork, namespace, mount, exec ...).
  explicit HelperProcess(const HelperLaunch& launch);
  ~HelperProcess();
  HelperProcess(const HelperProcess&) = delete;
  HelperProcess& operator=(const HelperProcess&) = delete;

  pid_t pid() const { return pid_; }
  // Its wait status once it has exited (reaped here, without blocking).
  std::optional<int> exited();
  // SIGKILLs its process group and reaps it; idempotent, never throws.
  // Blocks until the kernel has torn it down (QEMU with gigabytes of
  // guest memory takes a second or two), so nothing of it is left after.
  void stop() noexcept;

 private:
  pid_t pid_ = -1;
  std::optional<int> status_;
};

// Runs `argv` (argv[0] absolute) to completion with stdin on /dev/null and
// returns what it wrote to stdout and stderr, at most `limit` bytes.  For
// short queries such as `qemu-system-x86_64 --version`.  Throws
// SystemError when it cannot be started.
std::string capture_output(const std::vector<std::string>& argv, std::size_t limit = std::size_t{64} * 1024);

// The same in directory `cwd`, with how it ended: its exit status, or 128 +
// the signal that killed it (git, a build command).
struct Captured {
  int status = 0;
  std::string output;
};
Captured capture_run(const std::vector<std::string>& argv, const std::string& cwd,
                     std::size_t limit = std::size_t{1} << 20);

}  // namespace schedlab::sys
