/* The command workload: run PROGRAM once, like /usr/bin/time, and account
 * for it and every descendant.  This process is a child subreaper, so
 * grandchildren orphaned by the command come back to it and their CPU time
 * is counted when they are reaped; they get SL_LEFTOVER_GRACE_S seconds
 * after the command exits, then everything still alive is killed — found by
 * a walk of our children, so a daemon that left the command's session
 * (setsid) is killed too — and named in the slot.  elapsed ends when the
 * command itself exits.
 * Usage: command CWD IGNORE_STATUS NENV [K=V...] PROGRAM [ARGS...] */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "worker/common.h"
#include "worker/mode_ops.h"

static char **program;
static int ignore_status, status;
static uint64_t exited_ns;

static void command_setup(struct sl_run *run, int argc, char **argv) {
  if (argc < 4 || (strcmp(argv[1], "0") != 0 && strcmp(argv[1], "1") != 0))
    sl_fail_config(run, SL_CONFIG_ARGS, "usage: command CWD 0|1 NENV [K=V...] PROGRAM [ARGS...]");
  ignore_status = argv[1][0] == '1';
  const long long nenv = sl_parse_num(argv[2]);
  if (argc < 4 + nenv) sl_fail_config(run, SL_CONFIG_ARGS, "fewer K=V arguments than NENV, or no program");
  for (long long i = 0; i < nenv; i++) putenv(argv[3 + i]);
  program = argv + 3 + nenv;
  if (chdir(argv[0]) != 0) sl_fail(run, SL_FAIL_SETUP, errno, 0);
  prctl(PR_SET_CHILD_SUBREAPER, 1);
}

/* Reaps the orphans as they exit, for at most the grace; SIGCHLD is
 * blocked and waited for, so no exit between two checks is missed. */
static void reap_during_grace(void) {
  sigset_t chld, old;
  sigemptyset(&chld);
  sigaddset(&chld, SIGCHLD);
  sigprocmask(SIG_BLOCK, &chld, &old);
  const uint64_t deadline = exited_ns + (uint64_t)SL_LEFTOVER_GRACE_S * 1000000000ull;
  for (;;) {
    pid_t reaped;
    while ((reaped = waitpid(-1, NULL, WNOHANG)) > 0) {
    }
    if (reaped < 0 && errno == ECHILD) break; /* none left */
    const uint64_t now = sl_now_ns();
    if (now >= deadline) break;
    const struct timespec left = {(time_t)((deadline - now) / 1000000000ull),
                                  (long)((deadline - now) % 1000000000ull)};
    sigtimedwait(&chld, NULL, &left);
  }
  sigprocmask(SIG_SETMASK, &old, NULL);
}

static void command_loop(struct sl_run *run) {
  sl_begin_window(run); /* the command runs once, without warmup */
  pid_t pid = fork();
  if (pid == 0) {
    setpgid(0, 0);
    execvp(program[0], program);
    sl_fail_in_child(run->slot, errno);
  }
  if (pid < 0) sl_fail(run, SL_FAIL_FORK, errno, 0);
  setpgid(pid, pid);
  if (waitpid(pid, &status, 0) < 0) sl_fail(run, SL_FAIL_WAIT, errno, 0);
  exited_ns = sl_now_ns();
  __atomic_store_n(&run->slot->loops_done_ns, exited_ns, __ATOMIC_RELEASE);
  reap_during_grace();
  sl_kill_leftovers(run, 0); /* anything still alive outlived the grace */
}

static void command_report(struct sl_run *run) {
  if (!ignore_status) sl_check_status(run, status);
  sl_publish(run, 1);
  sl_end_window_at(run, exited_ns); /* elapsed is the command's own; usage includes orphans */
}

const struct sl_mode_ops sl_command_ops = {SL_CHANNEL_VERSION, "command", command_setup, command_loop,
                                           command_report};
