/* The shell workload's looper (UnixBench looper): fork, exec the driver
 * script through the shell, wait, count; repeat.  Unlike UnixBench, a loop
 * in flight when the harness stops the run is killed as a whole process
 * group and reaped (this process is a child subreaper, so the driver's
 * orphans come back to it): nothing keeps running past the run.
 * Usage: looper DIR SHELL DRIVER N SCRIPT INPUT LOCALE */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "worker/common.h"

static void on_stop_signal(int sig) { (void)sig; }

/* Waits for `pid` to exit or for SIGUSR1 (the harness's stop); returns 1
 * when the child exited (status in *status), 0 when asked to stop. */
static int wait_or_stop(struct sl_run *run, pid_t pid, int *status, const sigset_t *waiting_mask) {
  int pidfd = (int)syscall(SYS_pidfd_open, pid, 0);
  if (pidfd < 0) sl_fail(run, SL_FAIL_WAIT, errno, 0);
  struct pollfd pfd = {pidfd, POLLIN, 0};
  for (;;) {
    int rc = ppoll(&pfd, 1, NULL, waiting_mask); /* SIGUSR1 deliverable only here: no lost wake-up */
    if (rc > 0) break;
    if (errno == EINTR && !sl_continue(run)) {
      close(pidfd);
      return 0;
    }
  }
  close(pidfd);
  if (waitpid(pid, status, 0) < 0) sl_fail(run, SL_FAIL_WAIT, errno, 0);
  return 1;
}

static void kill_and_reap_everything(pid_t pgid) {
  kill(-pgid, SIGKILL);
  while (waitpid(-1, NULL, 0) > 0 || errno == EINTR) {
  }
}

int sl_looper(struct sl_run *run, int argc, char **argv) {
  if (argc < 7) return 2;
  const char *dir = argv[0];
  char *driver_argv[] = {argv[1], argv[2], argv[3], argv[1], argv[4], argv[5], NULL};
  if (chdir(dir) != 0 || setenv("LC_ALL", argv[6], 1) != 0) sl_fail(run, SL_FAIL_SETUP, errno, 0);
  prctl(PR_SET_CHILD_SUBREAPER, 1);
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_stop_signal; /* no SA_RESTART: the wait must return */
  sigaction(SIGUSR1, &sa, NULL);
  sigset_t blocked, waiting;
  sigemptyset(&blocked);
  sigaddset(&blocked, SIGUSR1);
  sigprocmask(SIG_BLOCK, &blocked, &waiting);
  sigdelset(&waiting, SIGUSR1);
  sl_barrier(run);
  while (sl_continue(run)) {
    pid_t pid = fork();
    if (pid == 0) {
      setpgid(0, 0); /* the loop's own group: killed whole at the stop */
      sigprocmask(SIG_SETMASK, &waiting, NULL);
      signal(SIGUSR1, SIG_DFL);
      execv(driver_argv[0], driver_argv);
      sl_fail_in_child(run->slot, errno);
    }
    if (pid < 0) sl_fail(run, SL_FAIL_FORK, errno, 0);
    setpgid(pid, pid);
    int status;
    if (!wait_or_stop(run, pid, &status, &waiting)) {
      kill_and_reap_everything(pid);
      break;
    }
    sl_check_status(run, status);
    sl_count(run);
  }
  sl_finish(run);
  return 0;
}
