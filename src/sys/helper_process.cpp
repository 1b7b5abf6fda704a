#include "sys/helper_process.h"

#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>

#include "core/child_environment.h"
#include "core/error.h"
#include "sys/exec_argv.h"
#include "sys/unique_fd.h"

namespace schedlab::sys {
namespace {

// What failed in the child before exec; sent back over a close-on-exec pipe.
struct HelperFailure {
  int step;
  int err;
};

constexpr const char* kHelperSteps[] = {"setpgid",
                                        "sched_setaffinity",
                                        "unshare(CLONE_NEWNS)",
                                        "mount --make-rprivate /",
                                        "mount --bind / (read-only root)",
                                        "dup2",
                                        "execve",
                                        "chdir"};

// The file descriptors the child ends up with.
struct ChildFds {
  int in;
  int out;
  int report;
};

// Runs in the forked child: async-signal-safe calls only.
[[noreturn]] void exec_child(const HelperLaunch& launch, char* const* argv, char* const* envp, ChildFds fds,
                             pid_t parent) {
  auto fail = [&](int step) {
    HelperFailure f{step, errno};
    (void)!write(fds.report, &f, sizeof f);
    _exit(127);
  };
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, nullptr);  // the SignalGate's mask must not reach QEMU
  signal(SIGPIPE, SIG_DFL);
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() != parent) _exit(1);  // schedlab died before prctl
  if (setpgid(0, 0) != 0) fail(0);
  if (launch.cpus && (errno = launch.cpus->apply(0)) != 0) fail(1);
  if (!launch.read_only_root_at.empty()) {
    const char* at = launch.read_only_root_at.c_str();
    if (unshare(CLONE_NEWNS) != 0) fail(2);
    if (mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr) != 0) fail(3);
    if (mount("/", at, nullptr, MS_BIND, nullptr) != 0) fail(4);
    if (mount(nullptr, at, nullptr, MS_REMOUNT | MS_BIND | MS_RDONLY, nullptr) != 0) fail(4);
  }
  if (dup2(fds.in, 0) < 0 || dup2(fds.out, 1) < 0 || dup2(fds.out, 2) < 0) fail(5);
  if (!launch.cwd.empty() && chdir(launch.cwd.c_str()) != 0) fail(7);
  execve(argv[0], argv, envp);
  fail(6);
  _exit(127);
}

// Forks a child that execs `launch` with stdout and stderr on `out`;
// returns its pid once it has exec'd, or throws what failed before.
pid_t start(const HelperLaunch& launch, int out) {
  const auto argv = exec_argv(launch.argv);
  const auto environment = child_environment();  // without credentials
  const auto envp = exec_argv(environment);
  UniqueFd devnull(open("/dev/null", O_RDONLY | O_CLOEXEC));
  int report[2];
  if (!devnull || pipe2(report, O_CLOEXEC) != 0) throw SystemError("helper: open", "/dev/null or a pipe", errno);
  UniqueFd report_read(report[0]), report_write(report[1]);
  const pid_t parent = getpid();
  const pid_t pid = fork();
  if (pid == 0) exec_child(launch, argv.data(), envp.data(), {devnull.get(), out, report_write.get()}, parent);
  if (pid < 0) throw SystemError("helper: fork", launch.argv[0], errno);
  setpgid(pid, pid);  // both sides: no window in which a signal to the group misses it
  report_write.reset();
  HelperFailure f{};
  if (read(report_read.get(), &f, sizeof f) == static_cast<ssize_t>(sizeof f)) {
    waitpid(pid, nullptr, 0);
    throw SystemError(std::string("helper: ") + kHelperSteps[f.step], launch.argv[0], f.err);
  }
  return pid;
}

}  // namespace

HelperProcess::HelperProcess(const HelperLaunch& launch) {
  UniqueFd out(open(launch.output_path.empty() ? "/dev/null" : launch.output_path.c_str(),
                    O_WRONLY | O_CLOEXEC | (launch.output_path.empty() ? 0 : O_CREAT | O_EXCL | O_NOFOLLOW),
                    0600));
  if (!out) throw SystemError("helper: create", launch.output_path, errno);
  pid_ = start(launch, out.get());
}

HelperProcess::~HelperProcess() { stop(); }

std::optional<int> HelperProcess::exited() {
  if (status_ || pid_ <= 0) return status_;
  int status = 0;
  if (waitpid(pid_, &status, WNOHANG) == pid_) status_ = status;
  return status_;
}

void HelperProcess::stop() noexcept {
  if (pid_ <= 0) return;
  kill(-pid_, SIGKILL);  // the group: virtiofsd's sandboxed child too
  if (!status_) {
    int status = 0;
    while (waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
    }
    status_ = status;
  }
  // Members of the group (virtiofsd's sandboxed child) were re-parented to
  // us, a subreaper, when the leader died: wait until every one is gone, so
  // none is still exiting when we return.
  for (;;) {
    if (waitpid(-pid_, nullptr, 0) > 0 || errno == EINTR) continue;
    break;  // ECHILD: no child of ours is left in the group
  }
  pid_ = -1;
}

std::string capture_output(const std::vector<std::string>& argv, std::size_t limit) {
  return capture_run(argv, "", limit).output;
}

Captured capture_run(const std::vector<std::string>& argv, const std::string& cwd, std::size_t limit) {
  int pipe_fds[2];
  if (pipe2(pipe_fds, O_CLOEXEC) != 0) throw SystemError("helper: pipe", argv[0], errno);
  UniqueFd read_end(pipe_fds[0]), write_end(pipe_fds[1]);
  pid_t pid = -1;
  {
    HelperLaunch launch{argv, "", nullptr, "", cwd};
    pid = start(launch, write_end.get());
  }
  write_end.reset();
  Captured c;
  char buf[4096];
  ssize_t n;
  while ((n = read(read_end.get(), buf, sizeof buf)) > 0)
    if (c.output.size() < limit) c.output.append(buf, std::min(static_cast<std::size_t>(n), limit - c.output.size()));
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  kill(-pid, SIGKILL);  // whatever of its group is left
  c.status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return c;
}

}  // namespace schedlab::sys
