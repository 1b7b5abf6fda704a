/* UnixBench execl: the process re-executes itself, same pid, no fork.  The
 * loop count travels in argv, as in UnixBench; each image publishes it in its
 * slot and checks the phase word.  The window's start (measure_base, the
 * rusage baseline) lives in the slot, so it survives the exec.  The first
 * image (count 0, slot STARTING) goes through the start barrier; the others
 * find the copy RUNNING and continue it.
 * Usage: execl COUNT */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <unistd.h>

#include "worker/common.h"
#include "worker/mode_ops.h"

static void execl_setup(struct sl_run *run, int argc, char **argv) {
  if (argc != 1) sl_fail_config(run, SL_CONFIG_ARGS, "usage: execl COUNT");
  const long long count = sl_parse_num(argv[0]);
  if (count != 0 || run->slot->state != SL_COPY_STARTING)
    sl_publish(run, (uint64_t)count + 1); /* this image exists: one more exec completed */
}

static void execl_loop(struct sl_run *run) {
  if (!sl_continue(run)) return;
  char next[24];
  snprintf(next, sizeof next, "%llu", (unsigned long long)run->loops);
  char *const args[] = {(char *)run->self, "execl", (char *)run->slot_arg, next, NULL};
  sl_keep_channel_across_exec(); /* the next image is this worker again */
  execv(run->self, args);
  sl_fail(run, SL_FAIL_EXEC, errno, 0);
}

const struct sl_mode_ops sl_execl_ops = {SL_CHANNEL_VERSION, "execl", execl_setup, execl_loop,
                                         sl_report_nothing};
