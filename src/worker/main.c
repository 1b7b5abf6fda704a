/* schedlab-worker: the process that runs one copy's loop.
 *
 * It is deliberately plain C linked against libc alone.  Fork cost grows with
 * the parent's address space and a multi-threaded parent takes other kernel
 * paths, so the loop must not run inside the C++ harness (libstdc++, fmt,
 * hwloc mappings).  The harness starts one worker per copy with the shared
 * region on fd 3; usage: schedlab-worker MODE SLOT [MODE ARGS...]. */
#include <stdio.h>
#include <string.h>

#include "worker/common.h"

struct mode {
  const char *name;
  int (*loop)(struct sl_run *run, int argc, char **argv);
};

static const struct mode kModes[] = {
    {"spawn", sl_spawn_loop},       {"execl", sl_execl_loop},
    {"exec", sl_exec_loop},         {"exec-shell", sl_exec_shell},
    {"context", sl_context_loop},   {"looper", sl_looper},
    {"command", sl_command},        {"wakeup", sl_wakeup},
};

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: schedlab-worker MODE SLOT [ARGS...] (started by schedlab)\n");
    return 2;
  }
  for (size_t i = 0; i < sizeof kModes / sizeof kModes[0]; i++) {
    if (strcmp(argv[1], kModes[i].name) == 0) {
      struct sl_run run;
      sl_attach(&run, argv[2]);
      return kModes[i].loop(&run, argc - 3, argv + 3);
    }
  }
  fprintf(stderr, "schedlab-worker: unknown mode '%s'\n", argv[1]);
  return 2;
}
