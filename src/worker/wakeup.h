/* The wakeup workload (schbench's model) inside the lean worker. */
#ifndef SCHEDLAB_WORKER_WAKEUP_H
#define SCHEDLAB_WORKER_WAKEUP_H

#include <pthread.h>
#include <stdint.h>

#include "channel/histogram.h"

/* The configuration as the threads use it, from the channel's typed
 * struct sl_wakeup_config once checked. */
struct wk_config {
  int message_threads, workers, footprint_kb, operations, sleep_us;
  int no_locking, calibrate, rps, pipe_bytes, split_pct, interval_s;
  const uint64_t *msg_cpus, *worker_cpus; /* bitmaps in the channel (SL_CPU_WORDS words) */
  int n_msg_cpus;                         /* message thread i -> the (i % n)-th CPU set */
  int n_worker_cpus;                      /* 0 = leave the workers' affinity alone */
};

/* One message or worker thread.  The futex is private to its owner:
 * 0 = blocked, 1 = posted (schbench's protocol). */
struct wk_thread {
  pthread_t thread;
  int tid;
  int index;
  uint32_t futex;
  uint32_t recording;          /* inside a histogram update (see wk_record) */
  int window_seen;             /* the thread has seen the window open */
  uint64_t delay0, count0;     /* its schedstat run delay and schedulings then */
  uint64_t wake_time;          /* ns, CLOCK_MONOTONIC, set by the waker (atomic) */
  struct wk_thread *next;      /* in the message thread's wait list */
  struct wk_thread *msg;       /* a worker's message thread */
  struct wk_thread *list_head; /* a message thread's wait list (LIFO) */
  struct wk_thread *workers;   /* a message thread's workers */
  uint64_t *loops;             /* completed requests: a counter in the channel */
  uint32_t pending;            /* -R: requests queued for this worker */
  uint64_t dropped;            /* -R: requests not queued (worker backlog > 128) */
  struct sl_hist *wakeup, *request;
  double *a, *b, *c;           /* private matrices */
  char *page;                  /* -p: the transferred page */
  const struct wk_config *config;
};

/* Request work and locking (wakeup_work.c). */
void wk_work_init(const struct wk_config *config);
int wk_thread_alloc(struct wk_thread *t, const struct wk_config *config);
/* One request; returns 0 when it was abandoned because the run is stopping. */
int wk_request(struct wk_thread *t);

/* Futex post/wait (wakeup.c). */
void wk_post(struct wk_thread *t);
void wk_wait(struct wk_thread *t);
/* Adds end - start to `h` when inside the window (negative deltas are
 * discarded, as schbench does); safe against the monitor's stop. */
void wk_record(struct wk_thread *t, struct sl_hist *h, uint64_t start, uint64_t end);
/* Counts one completed request. */
void wk_count(struct wk_thread *t);
/* The harness's phase, read by every thread: the window and the stop need
 * no help from the monitor thread, which may wait long for a CPU. */
int wk_measuring(void);
int wk_stopping(void);
/* Takes the thread's schedstat baseline the first time it sees the window. */
void wk_note_window(struct wk_thread *t);
/* Reads /proc/thread-self/schedstat or the task's: run delay (ns), schedulings. */
int wk_read_schedstat(int tid, uint64_t *delay, uint64_t *count);

uint64_t wk_now(void);

#endif
