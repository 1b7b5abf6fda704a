#include "sys/worker_process.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>

#include "core/child_environment.h"
#include "core/error.h"
#include "sys/cgroup_fs.h"
#include "sys/exec_argv.h"
#include "sys/safe_files.h"
#include "sys/unique_fd.h"

namespace schedlab::sys {
namespace {

// What failed in the child before exec; sent back over the error pipe.
struct LaunchFailure {
  int step;
  int err;
};

constexpr const char* kLaunchSteps[] = {"setpgid/setsid", "sched_setaffinity", "dup2",
                                        "execve",         "join cgroup",       "sched_setattr"};

// Runs in the forked child: async-signal-safe calls only.
// Files the child's stdout and stderr go to (-1 = leave as is).
struct Outputs {
  int out;
  int err;
};

[[noreturn]] void exec_child(const WorkerLaunch& launch, char* const* argv, char* const* envp,
                             const std::vector<const char*>& cgroup_procs, int devnull,
                             Outputs outputs, int report_fd, pid_t parent) {
  auto fail = [report_fd](int step) {
    LaunchFailure f{step, errno};
    (void)!write(report_fd, &f, sizeof f);
    _exit(127);
  };
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, nullptr);
  signal(SIGPIPE, SIG_DFL);  // ignored by the harness; an ignored signal survives exec
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() != parent) _exit(1);  // the harness died before prctl
  if (launch.setsid ? setsid() < 0 : setpgid(0, launch.pgid) != 0) fail(0);
  for (const char* procs : cgroup_procs) {
    if (int err = join_cgroup_in_child(procs); err != 0) {
      errno = err;
      fail(4);
    }
  }
  if (launch.sched) {
    if (int err = set_sched_attr(0, *launch.sched); err != 0) {
      errno = err;
      fail(5);
    }
  }
  if (launch.cpus) {
    if (int err = launch.cpus->apply(0); err != 0) {
      errno = err;
      fail(1);
    }
  }
  if (dup2(devnull, 0) < 0 || dup2(outputs.out, 1) < 0) fail(2);
  if (outputs.err >= 0 && dup2(outputs.err, 2) < 0) fail(2);
  if (launch.shared_fd == launch.shared_fd_number) {
    fcntl(launch.shared_fd_number, F_SETFD, 0);  // dup2 onto itself would keep O_CLOEXEC
  } else if (dup2(launch.shared_fd, launch.shared_fd_number) < 0) {
    fail(2);
  }
  execve(argv[0], argv, envp);
  fail(3);
  _exit(127);
}

}  // namespace

pid_t launch_worker(const WorkerLaunch& launch) {
  const auto argv = exec_argv(launch.argv);
  const auto environment = child_environment();  // without credentials
  const auto envp = exec_argv(environment);
  std::vector<const char*> cgroup_procs;
  for (const auto& p : launch.cgroup_procs) cgroup_procs.push_back(p.c_str());
  UniqueFd devnull(open("/dev/null", O_RDWR | O_CLOEXEC));
  UniqueFd out_file, err_file;
  auto open_output = [&](const std::string& path, UniqueFd& fd) {
    if (!path.empty()) fd = create_output_file(path, 0644);  // never a planted symlink's target
  };
  open_output(launch.stdout_path, out_file);
  open_output(launch.stderr_path, err_file);
  // Never our own stderr: a child's escape sequences would reach the terminal raw.
  const int err = err_file ? err_file.get() : launch.stderr_fd >= 0 ? launch.stderr_fd : devnull.get();
  const Outputs outputs{out_file ? out_file.get() : devnull.get(), err};
  int report[2];
  if (!devnull || pipe2(report, O_CLOEXEC) != 0)
    throw SystemError("launch: open", "/dev/null or a pipe", errno);
  UniqueFd report_read(report[0]), report_write(report[1]);
  const pid_t parent = getpid();
  const pid_t pid = fork();
  if (pid == 0)
    exec_child(launch, argv.data(), envp.data(), cgroup_procs, devnull.get(), outputs, report_write.get(), parent);
  if (pid < 0) throw SystemError("launch: fork", launch.argv[0], errno);
  if (!launch.setsid) setpgid(pid, launch.pgid == 0 ? pid : launch.pgid);  // both sides: no race
  report_write.reset();
  LaunchFailure f{};
  if (read(report_read.get(), &f, sizeof f) == static_cast<ssize_t>(sizeof f)) {
    waitpid(pid, nullptr, 0);
    throw SystemError(std::string("launch: ") + kLaunchSteps[f.step], launch.argv[0], f.err);
  }
  return pid;
}

}  // namespace schedlab::sys
