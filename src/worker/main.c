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
#include <unistd.h>

#include "worker/common.h"
#include "worker/mode_ops.h"

/* Generated from SL_MODE_LIST, like sl_mode_table: entry m is mode m, and a
 * mode whose operations are not defined does not link. */
#define SL_MODE_OPS_ENTRY(id, sym, name, config, hists, scalars, counters) &sl_##sym##_ops,
static const struct sl_mode_ops *const kModes[] = {SL_MODE_LIST(SL_MODE_OPS_ENTRY)};
#undef SL_MODE_OPS_ENTRY

static int find_mode(const char *name) {
  for (int m = 0; m < SL_MODE_COUNT; m++)
    if (strcmp(name, sl_mode_table[m].name) == 0) return m;
  return -1;
}

int main(int argc, char **argv) {
  char why[128];
  if (sl_check_modes(kModes, (int)(sizeof kModes / sizeof kModes[0]), sl_mode_table, SL_MODE_COUNT, why,
                     sizeof why) != 0) {
    fprintf(stderr, "schedlab-worker: mode table: %s\n", why);
    return 2;
  }
  if (argc < 3) {
    fprintf(stderr, "usage: schedlab-worker MODE SLOT [ARGS...] (started by schedlab)\n");
    return 2;
  }
  const int m = find_mode(argv[1]);
  if (m < 0) {
    fprintf(stderr, "schedlab-worker: unknown mode '%s'\n", argv[1]);
    return 2;
  }
  const struct sl_mode_ops *ops = kModes[m];
  struct sl_run run;
  sl_attach(&run, (enum sl_mode)m, argv[2], argv[0]);
  char name[16]; /* "sl-MODE" in top, perf sched and traces (perf bench names its tasks too) */
  snprintf(name, sizeof name, "sl-%s", ops->name);
  prctl(PR_SET_NAME, name);
  ops->setup(&run, argc - 3, argv + 3);
  if (__atomic_load_n(&run.slot->state, __ATOMIC_ACQUIRE) == SL_COPY_STARTING) sl_barrier(&run);
  ops->loop(&run);
  if (__atomic_load_n(&run.slot->loops_done_ns, __ATOMIC_ACQUIRE) == 0) /* the command set it earlier */
    __atomic_store_n(&run.slot->loops_done_ns, sl_now_ns(), __ATOMIC_RELEASE);
  ops->report(&run);
  sl_finish(&run);
  /* _exit: the threads of a threaded mode end with it, none is joined, and
   * nothing is buffered (stdout is /dev/null, stderr unbuffered). */
  _exit(0);
}
