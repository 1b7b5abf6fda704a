/* The shell_bench.sh loop and UnixBench sysexec: start PROGRAM (fork, vfork
 * or posix_spawn, then execve), wait for it, repeat, until the harness's stop
 * rule says so (a window, or hdr.iterations loops).
 * Usage: exec METHOD PROGRAM [ARGS...]
 *        exec-shell SHELL SCRIPT   (the literal bash loop of hdr.iterations) */
#define _GNU_SOURCE
#include <errno.h>
#include <spawn.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "worker/common.h"

extern char **environ;

enum method { kFork, kVfork, kPosixSpawn };

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

int sl_exec_loop(struct sl_run *run, int argc, char **argv) {
  if (argc < 2) return 2;
  enum method m = strcmp(argv[0], "vfork") == 0         ? kVfork
                  : strcmp(argv[0], "posix_spawn") == 0 ? kPosixSpawn
                                                        : kFork;
  char **child_argv = argv + 1;
  sl_barrier(run);
  while (sl_continue(run)) {
    reap(run, start_child(run, m, child_argv));
    sl_count(run);
  }
  sl_finish(run);
  return 0;
}

int sl_exec_shell(struct sl_run *run, int argc, char **argv) {
  if (argc < 2) return 2;
  char *shell_argv[] = {argv[0], "-c", argv[1], NULL};
  sl_barrier(run);
  sl_begin_window(run); /* no warmup: the loop runs once, as in the mail */
  reap(run, start_child(run, kFork, shell_argv));
  sl_publish(run, run->hdr->iterations); /* the shell ran them all */
  sl_finish(run);
  return 0;
}
