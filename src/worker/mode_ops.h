/* The worker's table of modes (fio's struct ioengine_ops is the model): one
 * entry of operations per line of SL_MODE_LIST (channel/protocol.h), checked
 * once at start-up by sl_check_modes before any mode runs. */
#ifndef SCHEDLAB_WORKER_MODE_OPS_H
#define SCHEDLAB_WORKER_MODE_OPS_H

#include <stddef.h>
#include <stdint.h>

#include "channel/protocol.h"

#ifdef __cplusplus
extern "C" {
#endif

struct sl_run;

/* What main does with a mode: setup, the start barrier (skipped by an execl
 * image that continues a running copy), loop, report, then sl_finish. */
struct sl_mode_ops {
  uint32_t version; /* the SL_CHANNEL_VERSION the mode was written for */
  const char *name; /* its name in SL_MODE_LIST */
  /* Before the start barrier: reads the mode's arguments (argv after MODE
   * SLOT) or its configuration in the channel, refusing anything missing,
   * extra or unknown (sl_fail with SL_FAIL_CONFIG), and prepares the loop. */
  void (*setup)(struct sl_run *run, int argc, char **argv);
  /* From the release until the stop rule says stop. */
  void (*loop)(struct sl_run *run);
  /* After the loop: the mode's results into its area, its helpers reaped. */
  void (*report)(struct sl_run *run);
};

#define SL_MODE_OPS_DECLARE(id, sym, name, config, hists, scalars, counters) \
  extern const struct sl_mode_ops sl_##sym##_ops;
SL_MODE_LIST(SL_MODE_OPS_DECLARE)
#undef SL_MODE_OPS_DECLARE

/* Checks a table of `n` modes against `layouts` (sl_mode_table): as many
 * entries as layouts, every entry and operation present, each entry's
 * version SL_CHANNEL_VERSION, its name that of its layout, no name twice.
 * Returns 0, or -1 with the first problem in `why` ("wakeup: no loop
 * operation"). */
int sl_check_modes(const struct sl_mode_ops *const *modes, int n, const struct sl_mode_layout *layouts,
                   int nlayouts, char *why, size_t why_len);

/* For modes with nothing to report (the slot's counters say it all). */
void sl_report_nothing(struct sl_run *run);

#ifdef __cplusplus
}
#endif

#endif
