/* schedlab-worker: the process that runs one copy's loop.
 *
 * It is deliberately plain C linked against libc alone.  Fork cost grows with
 * the parent's address space and a multi-threaded parent takes other kernel
 * paths, so the loop must not run inside the C++ harness (libstdc++, fmt,
 * hwloc mappings).  The harness starts one worker per copy with the channel
 * (channel/protocol.h) on fd 3; usage: schedlab-worker MODE SLOT [MODE ARGS...]. */
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>

#include "worker/common.h"

/* The loop of each mode, indexed like sl_mode_table (channel/protocol.h),
 * which also says what each mode leaves in its copy's result area. */
static int (*const kLoops[SL_MODE_COUNT])(struct sl_run *, int, char **) = {
    sl_spawn_loop, sl_execl_loop, sl_exec_loop, sl_exec_shell,
    sl_context_loop, sl_looper, sl_command, sl_wakeup,
};

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: schedlab-worker MODE SLOT [ARGS...] (started by schedlab)\n");
    return 2;
  }
  for (int m = 0; m < SL_MODE_COUNT; m++) {
    if (strcmp(argv[1], sl_mode_table[m].name) == 0) {
      struct sl_run run;
      sl_attach(&run, (enum sl_mode)m, argv[2]);
      char name[16]; /* "sl-MODE" in top, perf sched and traces (perf bench names its tasks too) */
      snprintf(name, sizeof name, "sl-%s", sl_mode_table[m].name);
      prctl(PR_SET_NAME, name);
      return kLoops[m](&run, argc - 3, argv + 3);
    }
  }
  fprintf(stderr, "schedlab-worker: unknown mode '%s'\n", argv[1]);
  return 2;
}
