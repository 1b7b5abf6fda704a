/* The wakeup workload: schbench's message/worker model, measured with
 * CLOCK_MONOTONIC in nanoseconds.  m message threads, each with t workers,
 * in this one process.  A worker stamps, pushes itself on its message
 * thread's lock-free list, posts it and sleeps; the message thread takes the
 * whole list, stamps the batch once and posts the workers most recent first.
 *
 * Every thread reads the harness's phase word itself: samples are recorded
 * while it says MEASURE, and at STOP every running thread parks at once.
 * Requests are counted in the channel (one counter per worker), where the
 * harness samples them at the window's edges and each second.  So the
 * window does not depend on the main thread, which with hundreds of
 * spinning workers per CPU may wait seconds for a CPU.  The main thread is
 * the monitor: it takes the rusage baseline, prints -i's interval lines,
 * and after the stop, once the workers have parked, writes the merged
 * histograms and run-queue delays into the channel and leaves with _exit
 * without joining the threads.
 * Usage: wakeup (no arguments: the configuration is the channel's typed
 * struct sl_wakeup_config, checked by read_config) */
#define _GNU_SOURCE
#include "worker/wakeup.h"

#include <errno.h>
#include <limits.h>
#include <linux/futex.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "worker/common.h"
#include "worker/mode_ops.h"

enum { kStackBytes = 256 * 1024, kBacklogLimit = 128 };
static const uint64_t kSecond = 1000000000ull;
static const uint64_t kSettleNs = 1000000000ull; /* longest wait for a histogram update */

static uint32_t *phase;  /* the harness's phase word, in the channel */
static uint32_t started, ready_threads, parked_word;

static long futex(uint32_t *word, int op, uint32_t val, const struct timespec *timeout) {
  return syscall(SYS_futex, word, op, val, timeout, NULL, 0);
}

int wk_measuring(void) { return __atomic_load_n(phase, __ATOMIC_SEQ_CST) == SL_PHASE_MEASURE; }
int wk_stopping(void) { return __atomic_load_n(phase, __ATOMIC_ACQUIRE) == SL_PHASE_STOP; }

void wk_count(struct wk_thread *t) {
  __atomic_store_n(t->loops, __atomic_load_n(t->loops, __ATOMIC_RELAXED) + 1, __ATOMIC_RELAXED);
}

int wk_read_schedstat(int tid, uint64_t *delay, uint64_t *count) {
  char path[64];
  snprintf(path, sizeof path, "/proc/self/task/%d/schedstat", tid);
  FILE *f = fopen(path, "r");
  unsigned long long runtime, d, n;
  int ok = f && fscanf(f, "%llu %llu %llu", &runtime, &d, &n) == 3;
  if (f) fclose(f);
  if (ok) *delay = d, *count = n;
  return ok;
}

/* The first time a thread runs inside the window it notes its run-queue
 * delay so far; the run delay of the wakeup that got it there is the one
 * scheduling of the window it does not count (the stop adds one instead). */
void wk_note_window(struct wk_thread *t) {
  if (t->window_seen || __atomic_load_n(phase, __ATOMIC_RELAXED) < SL_PHASE_MEASURE) return;
  t->window_seen = wk_read_schedstat(t->tid, &t->delay0, &t->count0);
}

/* The futex handshake uses sequentially consistent operations, the full
 * barriers schbench uses: a release store of 0 followed by a load elsewhere
 * may otherwise be reordered, and both sides then sleep (a lost wakeup). */
void wk_post(struct wk_thread *t) {
  uint32_t blocked = 0;
  if (__atomic_compare_exchange_n(&t->futex, &blocked, 1, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST))
    futex(&t->futex, FUTEX_WAKE_PRIVATE, 1, NULL);
}

void wk_wait(struct wk_thread *t) {
  for (;;) {
    uint32_t posted = 1;
    if (__atomic_compare_exchange_n(&t->futex, &posted, 0, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST))
      return;
    if (wk_stopping()) return;
    futex(&t->futex, FUTEX_WAIT_PRIVATE, 0, NULL);
  }
}

/* A thread that saw the stop leaves the run queue for good; _exit ends it. */
static void park(void) {
  for (;;) futex(&parked_word, FUTEX_WAIT_PRIVATE, 0, NULL);
}

/* Dekker-style handshake with the monitor's stop: either the monitor sees
 * `recording` set and waits, or this thread sees the phase past MEASURE. */
void wk_record(struct wk_thread *t, struct sl_hist *h, uint64_t start, uint64_t end) {
  if (end < start) return;
  __atomic_store_n(&t->recording, 1, __ATOMIC_SEQ_CST);
  if (wk_measuring()) sl_hist_add(h, end - start);
  __atomic_store_n(&t->recording, 0, __ATOMIC_RELEASE);
}

static int cpu_in(const uint64_t *mask, int cpu) { return (int)((mask[cpu / 64] >> (cpu % 64)) & 1u); }

/* Sets the calling thread's affinity to the CPUs of `mask`, or to the k-th
 * of them alone when k >= 0. */
static void set_affinity(const uint64_t *mask, int k) {
  cpu_set_t *set = CPU_ALLOC(SL_MAX_CPUS);
  size_t size = CPU_ALLOC_SIZE(SL_MAX_CPUS);
  CPU_ZERO_S(size, set);
  for (int cpu = 0, seen = 0; cpu < SL_MAX_CPUS; cpu++)
    if (cpu_in(mask, cpu) && (k < 0 || seen++ == k)) CPU_SET_S(cpu, size, set);
  sched_setaffinity(0, size, set);
  CPU_FREE(set);
}

static void wait_for_start(void) {
  __atomic_add_fetch(&ready_threads, 1, __ATOMIC_RELEASE);
  while (!__atomic_load_n(&started, __ATOMIC_ACQUIRE)) futex(&started, FUTEX_WAIT_PRIVATE, 0, NULL);
}

/* Pushes `w` on its message thread's list (LIFO, lock-free) and posts it. */
static void push_and_post(struct wk_thread *w) {
  struct wk_thread *head = __atomic_load_n(&w->msg->list_head, __ATOMIC_RELAXED);
  do w->next = head;
  while (!__atomic_compare_exchange_n(&w->msg->list_head, &head, w, 1, __ATOMIC_SEQ_CST,
                                      __ATOMIC_RELAXED));
  wk_post(w->msg);
}

static void record_wakeup(struct wk_thread *w) {
  wk_record(w, w->wakeup, __atomic_load_n(&w->wake_time, __ATOMIC_RELAXED), wk_now());
}

/* -R: requests queued by the message thread; sleeps only when none is
 * pending (and only then is a wakeup recorded, as in schbench). */
static void rps_worker_step(struct wk_thread *w) {
  if (__atomic_load_n(&w->pending, __ATOMIC_ACQUIRE) == 0) {
    __atomic_store_n(&w->futex, 0, __ATOMIC_RELAXED);
    __atomic_thread_fence(__ATOMIC_SEQ_CST); /* pairs with the fence in rps_loop */
    if (__atomic_load_n(&w->pending, __ATOMIC_RELAXED) == 0) {
      wk_wait(w);
      record_wakeup(w);
    }
  }
  for (uint32_t n = __atomic_exchange_n(&w->pending, 0, __ATOMIC_ACQ_REL); n > 0; n--)
    if (!wk_request(w)) return;
}

static void *worker_main(void *arg) {
  struct wk_thread *w = arg;
  const struct wk_config *c = w->config;
  w->tid = gettid();
  prctl(PR_SET_NAME, "sl-wakeup-wrk");
  wait_for_start();
  while (!wk_stopping()) {
    wk_note_window(w);
    if (c->rps > 0) {
      rps_worker_step(w);
      continue;
    }
    __atomic_store_n(&w->futex, 0, __ATOMIC_SEQ_CST);
    __atomic_store_n(&w->wake_time, wk_now(), __ATOMIC_RELAXED);
    push_and_post(w);
    wk_wait(w);
    if (wk_stopping()) break;
    record_wakeup(w);
    if (c->pipe_bytes > 0) {
      memset(w->page, 2, (size_t)c->pipe_bytes);
      wk_count(w);
    } else {
      wk_request(w);
    }
  }
  park();
  return NULL;
}

/* Wakes the batch most recent first, with one timestamp (pipe: one each). */
static void wake_batch(struct wk_thread *m) {
  struct wk_thread *list = __atomic_exchange_n(&m->list_head, NULL, __ATOMIC_SEQ_CST);
  const uint64_t stamp = wk_now();
  for (struct wk_thread *w = list, *next; w; w = next) {
    next = w->next;
    if (m->config->pipe_bytes > 0) {
      memset(w->page, 1, (size_t)m->config->pipe_bytes);
      __atomic_store_n(&w->wake_time, wk_now(), __ATOMIC_RELAXED);
    } else {
      __atomic_store_n(&w->wake_time, stamp, __ATOMIC_RELAXED);
    }
    wk_post(w);
  }
}

/* -R: R/m requests per second, in a burst at each second's start. */
static void rps_loop(struct wk_thread *m) {
  const struct wk_config *c = m->config;
  const int per_second = c->rps / c->message_threads;
  struct timespec next;
  clock_gettime(CLOCK_MONOTONIC, &next);
  while (!wk_stopping()) {
    wk_note_window(m);
    for (int k = 0; k < per_second && !wk_stopping(); k++) {
      struct wk_thread *w = &m->workers[k % c->workers];
      if (__atomic_load_n(&w->pending, __ATOMIC_ACQUIRE) > kBacklogLimit) {
        if (wk_measuring()) m->dropped++;
        usleep(100);
        continue;
      }
      __atomic_store_n(&w->wake_time, wk_now(), __ATOMIC_RELAXED);
      __atomic_add_fetch(&w->pending, 1, __ATOMIC_RELAXED);
      __atomic_thread_fence(__ATOMIC_SEQ_CST); /* the worker's futex store is seen, or it sees pending */
      wk_post(w);
    }
    next.tv_sec++;
    while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &next, NULL) == EINTR) {
    }
  }
}

static struct sl_run *the_run; /* for failures inside threads */

static void *message_main(void *arg) {
  struct wk_thread *m = arg;
  const struct wk_config *c = m->config;
  m->tid = gettid();
  prctl(PR_SET_NAME, "sl-wakeup-msg");
  /* Workers inherit the worker set from us; then we pin ourselves. */
  if (c->n_worker_cpus > 0) set_affinity(c->worker_cpus, -1);
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, kStackBytes);
  for (int i = 0; i < c->workers; i++) {
    int err = pthread_create(&m->workers[i].thread, &attr, worker_main, &m->workers[i]);
    if (err != 0) sl_fail(the_run, SL_FAIL_FORK, err, i);
  }
  pthread_attr_destroy(&attr);
  if (c->n_msg_cpus > 0) set_affinity(c->msg_cpus, m->index % c->n_msg_cpus);
  wait_for_start();
  if (c->rps > 0) {
    rps_loop(m);
  } else {
    while (!wk_stopping()) {
      wk_note_window(m);
      __atomic_store_n(&m->futex, 0, __ATOMIC_SEQ_CST);
      wake_batch(m);
      wk_wait(m);
    }
  }
  park();
  return NULL;
}

static int count_cpus(const uint64_t *mask) {
  int n = 0;
  for (int w = 0; w < SL_CPU_WORDS; w++) n += __builtin_popcountll(mask[w]);
  return n;
}

static int fits_int(const struct sl_wakeup_config *w) {
  const uint32_t values[] = {w->message_threads, w->workers, w->footprint_kb, w->operations, w->sleep_us,
                             w->rps, w->pipe_bytes, w->split_pct, w->interval_s};
  for (size_t i = 0; i < sizeof values / sizeof values[0]; i++)
    if (values[i] > INT_MAX) return 0;
  return 1;
}

/* The harness's typed configuration, refused unless complete and in range. */
static void read_config(struct sl_run *run, struct wk_config *c, int argc) {
  const struct sl_wakeup_config *w = sl_slot_config(run->slot);
  if (argc != 0) sl_fail_config(run, SL_CONFIG_ARGS, "takes no arguments (its configuration is in the channel)");
  if (w->size == 0) sl_fail_config(run, SL_CONFIG_MISSING, "no configuration in the channel");
  if (w->size != sizeof *w) sl_fail_config(run, SL_CONFIG_SIZE, "configuration of another size");
  if (w->message_threads < 1 || w->workers < 1 ||
      (uint64_t)w->message_threads * w->workers > run->hdr->counters)
    sl_fail_config(run, SL_CONFIG_THREADS, "message threads and workers: at least 1 each, and a counter each");
  if (w->flags & ~(uint32_t)SL_WK_KNOWN_FLAGS) sl_fail_config(run, SL_CONFIG_FLAGS, "unknown flags");
  if (!fits_int(w) || w->split_pct > 100 || w->pipe_bytes > SL_WK_MAX_PIPE_BYTES ||
      (w->rps > 0 && w->rps < w->message_threads))
    sl_fail_config(run, SL_CONFIG_RANGE, "a value out of range (split, pipe, rps)");
  *c = (struct wk_config){(int)w->message_threads, (int)w->workers, (int)w->footprint_kb,
                          (int)w->operations, (int)w->sleep_us, (w->flags & SL_WK_NO_LOCKING) != 0,
                          (w->flags & SL_WK_CALIBRATE) != 0, (int)w->rps, (int)w->pipe_bytes,
                          (int)w->split_pct, (int)w->interval_s, w->message_cpus, w->worker_cpus,
                          count_cpus(w->message_cpus), count_cpus(w->worker_cpus)};
}

/* Every worker's two histograms in one anonymous mapping: its pages are
 * zero until a bucket is touched, so idle buckets cost no memory. */
static int alloc_histograms(struct sl_run *run, struct wk_thread *msgs, const struct wk_config *c) {
  const size_t n = (size_t)c->message_threads * (size_t)c->workers * 2;
  struct sl_hist *h = mmap(NULL, n * sizeof *h, PROT_READ | PROT_WRITE,
                           MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (h == MAP_FAILED) return -1;
  struct sl_counter *counter = sl_slot_counters(run->slot, run->layout); /* enough: read_config */
  for (int i = 0; i < c->message_threads; i++)
    for (int j = 0; j < c->workers; j++) {
      struct wk_thread *w = &msgs[i].workers[j];
      w->wakeup = h++;
      w->request = h++;
      sl_hist_init_zeroed(w->wakeup);
      sl_hist_init_zeroed(w->request);
      w->loops = &(counter++)->loops;
    }
  return 0;
}

static struct wk_thread *create_threads(struct sl_run *run, const struct wk_config *c) {
  struct wk_thread *msgs = calloc((size_t)c->message_threads, sizeof *msgs);
  if (!msgs) sl_fail(run, SL_FAIL_SETUP, ENOMEM, 0);
  for (int i = 0; i < c->message_threads; i++) {
    struct wk_thread *m = &msgs[i];
    m->index = i;
    m->config = c;
    if (!(m->workers = calloc((size_t)c->workers, sizeof *m->workers))) sl_fail(run, SL_FAIL_SETUP, ENOMEM, 0);
    for (int j = 0; j < c->workers; j++) {
      struct wk_thread *w = &m->workers[j];
      w->index = j;
      w->msg = m;
      w->config = c;
      if (wk_thread_alloc(w, c) != 0) sl_fail(run, SL_FAIL_SETUP, ENOMEM, 0);
    }
  }
  if (alloc_histograms(run, msgs, c) != 0) sl_fail(run, SL_FAIL_SETUP, errno ? errno : EINVAL, 0);
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, kStackBytes);
  for (int i = 0; i < c->message_threads; i++) {
    int err = pthread_create(&msgs[i].thread, &attr, message_main, &msgs[i]);
    if (err != 0) sl_fail(run, SL_FAIL_FORK, err, i);
  }
  pthread_attr_destroy(&attr);
  const uint32_t all = (uint32_t)(c->message_threads * (c->workers + 1));
  while (__atomic_load_n(&ready_threads, __ATOMIC_ACQUIRE) < all) usleep(1000);
  return msgs;
}

void wk_publish_results(struct sl_run *run, const struct wk_config *c, struct wk_thread *msgs,
                        uint64_t unsettled);

/* Waits (bounded) for histogram updates that began before the window
 * closed; returns the threads still inside one (off by one sample each). */
static uint64_t settle(const struct wk_config *c, struct wk_thread *msgs) {
  const uint64_t deadline = wk_now() + kSettleNs;
  uint64_t unsettled = 0;
  for (int i = 0; i < c->message_threads; i++)
    for (int j = 0; j < c->workers; j++) {
      const struct wk_thread *w = &msgs[i].workers[j];
      while (__atomic_load_n(&w->recording, __ATOMIC_ACQUIRE) && wk_now() < deadline) sched_yield();
      unsettled += __atomic_load_n(&w->recording, __ATOMIC_ACQUIRE) != 0;
    }
  return unsettled;
}

static uint64_t total_requests(struct sl_run *run) {
  uint64_t total = 0;
  const struct sl_counter *counter = sl_slot_counters(run->slot, run->layout);
  for (uint32_t k = 0; k < run->hdr->counters; k++) total += __atomic_load_n(&counter[k].loops, __ATOMIC_RELAXED);
  return total;
}

/* Follows the harness's phases until the stop: the rusage baseline when the
 * window opens, and -i's interval lines. */
static void monitor(struct sl_run *run, const struct wk_config *c) {
  uint64_t next_interval = UINT64_MAX, interval_loops = 0;
  for (;;) {
    const uint32_t p = __atomic_load_n(phase, __ATOMIC_ACQUIRE);
    if (p >= SL_PHASE_MEASURE && !run->measuring) {
      sl_begin_window(run);
      interval_loops = total_requests(run);
      if (c->interval_s > 0) next_interval = wk_now() + (uint64_t)c->interval_s * kSecond;
    }
    if (p == SL_PHASE_STOP) return;
    const uint64_t now = wk_now();
    if (now >= next_interval) {
      const uint64_t l = total_requests(run);
      fprintf(stderr, "schedlab wakeup: rps over the last %d s: %.2f\n", c->interval_s,
              (double)(l - interval_loops) / c->interval_s);
      interval_loops = l;
      next_interval += (uint64_t)c->interval_s * kSecond;
    }
    const uint64_t wake = next_interval < now + kSecond ? next_interval : now + kSecond;
    const uint64_t wait = wake > now ? wake - now : 0;
    const struct timespec timeout = {(time_t)(wait / kSecond), (long)(wait % kSecond)};
    futex(phase, FUTEX_WAIT, p, &timeout); /* shared futex: the harness wakes it */
  }
}

static struct wk_config the_config;
static struct wk_thread *the_msgs;

static void wakeup_setup(struct sl_run *run, int argc, char **argv) {
  (void)argv;
  the_run = run;
  phase = &run->hdr->phase;
  read_config(run, &the_config, argc);
  wk_work_init(&the_config);
  the_msgs = create_threads(run, &the_config);
}

static void wakeup_loop(struct sl_run *run) {
  /* Released straight into the window (no warmup): the baseline is exact. */
  if (__atomic_load_n(phase, __ATOMIC_ACQUIRE) >= SL_PHASE_MEASURE) sl_begin_window(run);
  __atomic_store_n(&started, 1, __ATOMIC_RELEASE);
  futex(&started, FUTEX_WAKE_PRIVATE, INT_MAX, NULL);
  monitor(run, &the_config);
  sl_end_window_at(run, wk_now());
}

/* main then finishes and leaves with _exit, which ends every thread at
 * once: nothing is left to join or free. */
static void wakeup_report(struct sl_run *run) {
  const uint64_t unsettled = settle(&the_config, the_msgs);
  wk_publish_results(run, &the_config, the_msgs, unsettled);
}

const struct sl_mode_ops sl_wakeup_ops = {SL_CHANNEL_VERSION, "wakeup", wakeup_setup, wakeup_loop,
                                          wakeup_report};
