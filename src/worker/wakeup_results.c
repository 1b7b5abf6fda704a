/* The wakeup copy's results into the channel (channel/protocol.h): merged
 * histograms, drops and run-queue delays; read by workloads/wakeup.cpp.
 * Called by the monitor after the stop, once the running threads parked. */
#define _GNU_SOURCE
#include <stdio.h>

#include "worker/common.h"
#include "worker/wakeup.h"

/* Run delay and schedulings of `t` since it first saw the window (0 for a
 * thread that slept through it: a sleeping thread accrues no run delay). */
static void window_delay(const struct wk_thread *t, uint64_t *delay, uint64_t *count) {
  uint64_t d = 0, n = 0;
  if (t->window_seen && wk_read_schedstat(t->tid, &d, &n) && d >= t->delay0 && n >= t->count0) {
    *delay += d - t->delay0;
    *count += n - t->count0;
  }
}

void wk_publish_results(struct sl_run *run, const struct wk_config *c, struct wk_thread *msgs,
                        uint64_t unsettled) {
  struct sl_hist *wakeup = sl_slot_hist(run->slot, run->layout, SL_WK_HIST_WAKEUP);
  struct sl_hist *request = sl_slot_hist(run->slot, run->layout, SL_WK_HIST_REQUEST);
  sl_hist_init_zeroed(wakeup); /* the channel starts zeroed */
  sl_hist_init_zeroed(request);
  uint64_t *s = sl_slot_scalars(run->slot, run->layout);
  for (int i = 0; i < c->message_threads; i++) {
    s[SL_WK_DROPPED] += msgs[i].dropped;
    window_delay(&msgs[i], &s[SL_WK_MSG_DELAY_NS], &s[SL_WK_MSG_SCHEDULES]);
    for (int j = 0; j < c->workers; j++) {
      const struct wk_thread *w = &msgs[i].workers[j];
      sl_hist_merge(wakeup, w->wakeup);
      sl_hist_merge(request, w->request);
      window_delay(w, &s[SL_WK_WORKER_DELAY_NS], &s[SL_WK_WORKER_SCHEDULES]);
    }
  }
  s[SL_WK_UNSETTLED] = unsettled;
}
