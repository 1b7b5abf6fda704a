/* The wakeup worker's raw results, for the harness to merge across copies:
 * "key values..." lines (the C++ reader is workloads/wakeup_report.cpp). */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>

#include "worker/wakeup.h"

uint64_t wk_total_loops(const struct wk_config *c, struct wk_thread *msgs) {
  uint64_t total = 0;
  for (int i = 0; i < c->message_threads; i++)
    for (int j = 0; j < c->workers; j++)
      total += __atomic_load_n(&msgs[i].workers[j].loops, __ATOMIC_RELAXED);
  return total;
}

/* Sums run_delay (ns) and pcount from /proc/self/task/TID/schedstat over the
 * message threads (out[0]) and the workers (out[1]). */
void wk_schedstat(const struct wk_config *c, struct wk_thread *msgs, uint64_t out[2][2]) {
  out[0][0] = out[0][1] = out[1][0] = out[1][1] = 0;
  for (int i = 0; i < c->message_threads; i++)
    for (int j = -1; j < c->workers; j++) {
      const struct wk_thread *t = j < 0 ? &msgs[i] : &msgs[i].workers[j];
      char path[64];
      snprintf(path, sizeof path, "/proc/self/task/%d/schedstat", t->tid);
      FILE *f = fopen(path, "r");
      unsigned long long runtime, delay, count;
      if (!f) continue;
      if (fscanf(f, "%llu %llu %llu", &runtime, &delay, &count) == 3) {
        out[j < 0 ? 0 : 1][0] += delay;
        out[j < 0 ? 0 : 1][1] += count;
      }
      fclose(f);
    }
}

static void write_hist(FILE *out, const char *name, const struct sl_hist *h) {
  fprintf(out, "%s %llu %llu %llu\n%s_buckets", name, (unsigned long long)h->count,
          (unsigned long long)(h->count ? h->min : 0), (unsigned long long)h->max, name);
  for (uint32_t b = 0; b < SL_HIST_BUCKETS; b++)
    if (h->buckets[b]) fprintf(out, " %u:%u", b, h->buckets[b]);
  fputc('\n', out);
}

int wk_write_report(const struct wk_config *c, struct wk_thread *msgs, FILE *out,
                    const uint64_t window[2], const uint64_t loops[2], const double *rps,
                    int n_rps, const uint64_t delay[2][2][2]) {
  struct sl_hist *wakeup = malloc(sizeof *wakeup), *request = malloc(sizeof *request);
  if (!wakeup || !request) return -1;
  sl_hist_init(wakeup);
  sl_hist_init(request);
  uint64_t dropped = 0;
  for (int i = 0; i < c->message_threads; i++) {
    dropped += msgs[i].dropped;
    for (int j = 0; j < c->workers; j++) {
      sl_hist_merge(wakeup, msgs[i].workers[j].wakeup);
      sl_hist_merge(request, msgs[i].workers[j].request);
    }
  }
  fprintf(out, "window_ns %llu\nrequests %llu\ntotal_requests %llu\ndropped %llu\nrps_samples",
          (unsigned long long)(window[1] - window[0]), (unsigned long long)(loops[1] - loops[0]),
          (unsigned long long)wk_total_loops(c, msgs), (unsigned long long)dropped);
  for (int i = 0; i < n_rps; i++) fprintf(out, " %.3f", rps[i]);
  fprintf(out, "\nrunqueue %llu %llu %llu %llu\n",
          (unsigned long long)(delay[1][0][0] - delay[0][0][0]),
          (unsigned long long)(delay[1][0][1] - delay[0][0][1]),
          (unsigned long long)(delay[1][1][0] - delay[0][1][0]),
          (unsigned long long)(delay[1][1][1] - delay[0][1][1]));
  write_hist(out, "wakeup", wakeup);
  write_hist(out, "request", request);
  free(wakeup);
  free(request);
  return ferror(out) ? -1 : 0;
}
