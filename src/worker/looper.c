/* The shell workload's looper (UnixBench looper): fork, exec the driver
 * script through the shell, wait, count; repeat.  Unlike UnixBench, a loop
 * in flight when the harness stops the run is killed as a whole process
 * group and reaped (this process is a child subreaper, so the driver's
 * orphans come back to it): nothing keeps running past the run.
 * The driver is executed directly, through its #! line, as UnixBench's
 * looper executes multi.sh.  The scripts get LANG=LOCALE and no LC_*
 * variable, the locale environment UnixBench's Run gives them.
 * Usage: looper DIR DRIVER N SHELL SCRIPT INPUT LOCALE */
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
#include "worker/mode_ops.h"

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

/* The loop in flight is killed as a whole group; anything that left the
 * group (a daemon's setsid) is found among our children, killed and named. */
static void kill_and_reap_everything(struct sl_run *run, pid_t pgid) {
  kill(-pgid, SIGKILL);
  sl_kill_leftovers(run, pgid);
}

/* LANG alone decides the scripts' locale: every LC_* variable goes. */
static int set_locale_env(const char *lang) {
  extern char **environ;
  for (int i = 0; environ[i];) {
    if (strncmp(environ[i], "LC_", 3) != 0) {
      i++;
      continue;
    }
    char name[256];
    const size_t len = strcspn(environ[i], "=");
    if (len >= sizeof name) return -1;
    memcpy(name, environ[i], len);
    name[len] = '\0';
    if (unsetenv(name) != 0) return -1; /* environ shifted: look at index i again */
  }
  return setenv("LANG", lang, 1);
}

static char *driver_argv[6];
static sigset_t waiting; /* the mask while waiting: SIGUSR1 deliverable */

static void looper_setup(struct sl_run *run, int argc, char **argv) {
  if (argc != 7) sl_fail_config(run, SL_CONFIG_ARGS, "usage: looper DIR DRIVER N SHELL SCRIPT INPUT LOCALE");
  for (int i = 0; i < 5; i++) driver_argv[i] = argv[1 + i];
  if (chdir(argv[0]) != 0 || set_locale_env(argv[6]) != 0) sl_fail(run, SL_FAIL_SETUP, errno, 0);
  prctl(PR_SET_CHILD_SUBREAPER, 1);
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_stop_signal; /* no SA_RESTART: the wait must return */
  sigaction(SIGUSR1, &sa, NULL);
  sigset_t blocked;
  sigemptyset(&blocked);
  sigaddset(&blocked, SIGUSR1);
  sigprocmask(SIG_BLOCK, &blocked, &waiting);
  sigdelset(&waiting, SIGUSR1);
}

static void looper_loop(struct sl_run *run) {
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
      kill_and_reap_everything(run, pid);
      return;
    }
    sl_check_status(run, status);
    sl_count(run);
  }
}

/* Whatever a completed loop's scripts left running is not part of a loop:
 * found, killed and named. */
static void looper_report(struct sl_run *run) { sl_kill_leftovers(run, 0); }

const struct sl_mode_ops sl_looper_ops = {SL_CHANNEL_VERSION, "looper", looper_setup, looper_loop,
                                          looper_report};
