/* UnixBench spawn: fork (or vfork); the child leaves at once; the parent
 * reaps it and checks its status.  Usage: spawn fork|vfork */
#define _GNU_SOURCE
#include <errno.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "worker/common.h"

int sl_spawn_loop(struct sl_run *run, int argc, char **argv) {
  int use_vfork = argc > 0 && strcmp(argv[0], "vfork") == 0;
  sl_barrier(run);
  while (sl_continue(run)) {
    pid_t pid = use_vfork ? vfork() : fork();
    if (pid == 0) _exit(0);
    if (pid < 0) sl_fail(run, SL_FAIL_FORK, errno, 0);
    int status;
    if (waitpid(pid, &status, 0) < 0) sl_fail(run, SL_FAIL_WAIT, errno, 0);
    sl_check_status(run, status);
    sl_count(run);
  }
  sl_finish(run);
  return 0;
}
