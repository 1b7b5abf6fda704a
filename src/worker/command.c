/* The command workload: run PROGRAM once, like /usr/bin/time, and account
 * for it and every descendant.  This process is a child subreaper, so
 * grandchildren orphaned by the command come back to it and their CPU time
 * is counted when they are reaped; they get kGrace seconds after the command
 * exits, then their process group is killed.  elapsed ends when the command
 * itself exits.
 * Usage: command CWD IGNORE_STATUS NENV [K=V...] PROGRAM [ARGS...] */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "worker/common.h"

extern char **environ;

enum { kGraceSeconds = 10 };

static void on_alarm(int sig) { (void)sig; }

static void reap_descendants(pid_t pgid) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_alarm; /* no SA_RESTART: waitpid returns at the deadline */
  sigaction(SIGALRM, &sa, NULL);
  alarm(kGraceSeconds);
  for (;;) {
    if (waitpid(-1, NULL, 0) > 0) continue;
    if (errno == ECHILD) break;
    if (errno == EINTR) kill(-pgid, SIGKILL); /* grace is over */
  }
  alarm(0);
}

int sl_command(struct sl_run *run, int argc, char **argv) {
  if (argc < 4) return 2;
  const char *cwd = argv[0];
  int ignore_status = argv[1][0] == '1';
  long nenv = sl_parse_num(argv[2]);
  if (argc < 4 + nenv) return 2;
  for (long i = 0; i < nenv; i++) putenv(argv[3 + i]);
  char **program = argv + 3 + nenv;
  if (chdir(cwd) != 0) sl_fail(run, SL_FAIL_SETUP, errno, 0);
  prctl(PR_SET_CHILD_SUBREAPER, 1);
  sl_barrier(run);
  sl_begin_window(run); /* the command runs once, without warmup */
  pid_t pid = fork();
  if (pid == 0) {
    setpgid(0, 0);
    execvp(program[0], program);
    sl_fail_in_child(run->slot, errno);
  }
  if (pid < 0) sl_fail(run, SL_FAIL_FORK, errno, 0);
  setpgid(pid, pid);
  int status;
  if (waitpid(pid, &status, 0) < 0) sl_fail(run, SL_FAIL_WAIT, errno, 0);
  uint64_t exited = sl_now_ns();
  reap_descendants(pid);
  if (!ignore_status) sl_check_status(run, status);
  sl_publish(run, 1);
  sl_end_window_at(run, exited); /* elapsed is the command's own; usage includes orphans */
  sl_finish(run);
  return 0;
}
