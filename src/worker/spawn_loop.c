/* UnixBench spawn: fork (or vfork); the child leaves at once; the parent
 * reaps it and checks its status.  The child leaves with exit(0), as
 * UnixBench's does — libc's exit path writes to the child's copy of the
 * parent's data (atexit list, stdio locks) and so costs copy-on-write faults
 * that _exit(0) avoids (measured: about 20% of the loop).  `_exit` gives the
 * raw kernel path.  Usage: spawn fork|vfork exit|_exit */
#define _GNU_SOURCE
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "worker/common.h"
#include "worker/mode_ops.h"

static int use_vfork, libc_exit;

static void spawn_setup(struct sl_run *run, int argc, char **argv) {
  if (argc != 2 || (strcmp(argv[0], "fork") != 0 && strcmp(argv[0], "vfork") != 0) ||
      (strcmp(argv[1], "exit") != 0 && strcmp(argv[1], "_exit") != 0))
    sl_fail_config(run, SL_CONFIG_ARGS, "usage: spawn fork|vfork exit|_exit");
  use_vfork = strcmp(argv[0], "vfork") == 0;
  libc_exit = strcmp(argv[1], "exit") == 0 && !use_vfork; /* vfork children must _exit */
}

static void spawn_loop(struct sl_run *run) {
  while (sl_continue(run)) {
    pid_t pid = use_vfork ? vfork() : fork();
    if (pid == 0) {
      if (libc_exit) exit(0);
      _exit(0);
    }
    if (pid < 0) sl_fail(run, SL_FAIL_FORK, errno, 0);
    int status;
    if (waitpid(pid, &status, 0) < 0) sl_fail(run, SL_FAIL_WAIT, errno, 0);
    sl_check_status(run, status);
    sl_count(run);
  }
}

const struct sl_mode_ops sl_spawn_ops = {SL_CHANNEL_VERSION, "spawn", spawn_setup, spawn_loop,
                                         sl_report_nothing};
