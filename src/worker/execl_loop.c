/* UnixBench execl: the process re-executes itself, same pid, no fork.  The
 * loop count travels in argv, as in UnixBench; each image publishes it in its
 * slot and checks the phase word.  The window's start (measure_base, the
 * rusage baseline) lives in the slot, so it survives the exec.
 * Usage: execl COUNT */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <unistd.h>

#include "worker/common.h"

int sl_execl_loop(struct sl_run *run, int argc, char **argv) {
  if (argc < 1) return 2;
  long long count = sl_parse_num(argv[0]);
  if (count == 0 && run->slot->state == SL_COPY_STARTING) {
    sl_barrier(run); /* first image only */
  } else {
    sl_publish(run, (uint64_t)count + 1); /* this image exists: one more exec completed */
  }
  if (!sl_continue(run)) {
    sl_finish(run);
    return 0;
  }
  char next[24];
  snprintf(next, sizeof next, "%llu", (unsigned long long)run->loops);
  /* argv[-3] is our own path and argv[-1] the slot (see main.c). */
  char *const args[] = {argv[-3], "execl", argv[-1], next, NULL};
  sl_keep_channel_across_exec(); /* the next image is this worker again */
  execv(argv[-3], args);
  sl_fail(run, SL_FAIL_EXEC, errno, 0);
}
