/* The shell_bench.sh loop and UnixBench sysexec: start PROGRAM (fork, vfork
 * or posix_spawn, then execve), wait for it, repeat, until the harness's stop
 * rule says so (a window, or hdr.iterations loops).
 * Usage: exec fork|vfork|posix_spawn PROGRAM [ARGS...]
 *        exec-shell SHELL SCRIPT   (the literal bash loop of hdr.iterations) */
#define _GNU_SOURCE
#include <errno.h>
#include <spawn.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "worker/common.h"
#include "worker/mode_ops.h"

extern char **environ;

enum method { kFork, kVfork, kPosixSpawn };

static enum method method;
static char **child_argv;

static pid_t start_child(struct sl_run *run, enum method m, char **argv) {
  if (m == kPosixSpawn) {
    pid_t pid;
    int rc = posix_spawn(&pid, argv[0], NULL, NULL, argv, environ);
    if (rc != 0) sl_fail(run, rc == EAGAIN ? SL_FAIL_FORK : SL_FAIL_EXEC, rc, 0);
    return pid;
  }
  pid_t pid = m == kVfork ? vfork() : fork();
  if (pid == 0) {
    execve(argv[0], argv, environ);
    sl_fail_in_child(run->slot, errno);
  }
  if (pid < 0) sl_fail(run, SL_FAIL_FORK, errno, 0);
  return pid;
}

static void reap(struct sl_run *run, pid_t pid) {
  int status;
  if (waitpid(pid, &status, 0) < 0) sl_fail(run, SL_FAIL_WAIT, errno, 0);
  sl_check_status(run, status);
}

static void exec_setup(struct sl_run *run, int argc, char **argv) {
  if (argc < 2) sl_fail_config(run, SL_CONFIG_ARGS, "usage: exec fork|vfork|posix_spawn PROGRAM [ARGS...]");
  if (strcmp(argv[0], "fork") == 0) method = kFork;
  else if (strcmp(argv[0], "vfork") == 0) method = kVfork;
  else if (strcmp(argv[0], "posix_spawn") == 0) method = kPosixSpawn;
  else sl_fail_config(run, SL_CONFIG_ARGS, "method: fork, vfork or posix_spawn");
  child_argv = argv + 1; /* argv is NULL-terminated */
}

static void exec_loop(struct sl_run *run) {
  while (sl_continue(run)) {
    reap(run, start_child(run, method, child_argv));
    sl_count(run);
  }
}

const struct sl_mode_ops sl_exec_ops = {SL_CHANNEL_VERSION, "exec", exec_setup, exec_loop, sl_report_nothing};

static char *shell_argv[4];

static void exec_shell_setup(struct sl_run *run, int argc, char **argv) {
  if (argc != 2) sl_fail_config(run, SL_CONFIG_ARGS, "usage: exec-shell SHELL SCRIPT");
  shell_argv[0] = argv[0];
  shell_argv[1] = "-c";
  shell_argv[2] = argv[1];
}

static void exec_shell_loop(struct sl_run *run) {
  sl_begin_window(run); /* no warmup: the loop runs once, as in the mail */
  reap(run, start_child(run, kFork, shell_argv));
  sl_publish(run, run->hdr->iterations); /* the shell ran them all */
}

const struct sl_mode_ops sl_exec_shell_ops = {SL_CHANNEL_VERSION, "exec-shell", exec_shell_setup,
                                              exec_shell_loop, sl_report_nothing};
