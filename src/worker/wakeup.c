/* The wakeup workload: schbench's message/worker model, measured with
 * CLOCK_MONOTONIC in nanoseconds.  m message threads, each with t workers,
 * in this one process.  A worker stamps, pushes itself on its message
 * thread's lock-free list, posts it and sleeps; the message thread takes the
 * whole list, stamps the batch once and posts the workers most recent first.
 * The main thread is the monitor: it follows the harness's phase word,
 * samples requests per second, reads every thread's /proc schedstat while
 * the threads live, and writes the raw results for the harness to merge.
 * Usage: wakeup KEY=VALUE... (see parse_config) */
#define _GNU_SOURCE
#include "worker/wakeup.h"

#include <errno.h>
#include <limits.h>
#include <linux/futex.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "worker/common.h"

enum { kStackBytes = 256 * 1024, kMaxRpsSamples = 100000, kBacklogLimit = 128 };

static int stopping;   /* the threads leave their loops */
static int measuring;  /* samples are recorded only inside the window */
static uint32_t started, ready_threads;

static long futex(uint32_t *word, int op, uint32_t val, const struct timespec *timeout) {
  return syscall(SYS_futex, word, op, val, timeout, NULL, 0);
}

void wk_post(struct wk_thread *t) {
  uint32_t blocked = 0;
  if (__atomic_compare_exchange_n(&t->futex, &blocked, 1, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
    futex(&t->futex, FUTEX_WAKE_PRIVATE, 1, NULL);
}

void wk_wait(struct wk_thread *t, const int *stop) {
  for (;;) {
    uint32_t posted = 1;
    if (__atomic_compare_exchange_n(&t->futex, &posted, 0, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
      return;
    if (__atomic_load_n(stop, __ATOMIC_ACQUIRE)) return;
    futex(&t->futex, FUTEX_WAIT_PRIVATE, 0, NULL);
  }
}

static int is_measuring(void) { return __atomic_load_n(&measuring, __ATOMIC_RELAXED); }
static int is_stopping(void) { return __atomic_load_n(&stopping, __ATOMIC_ACQUIRE); }

static void set_affinity(const int *cpus, int n) {
  if (n == 0) return;
  cpu_set_t *set = CPU_ALLOC(8192);
  size_t size = CPU_ALLOC_SIZE(8192);
  CPU_ZERO_S(size, set);
  for (int i = 0; i < n; i++) CPU_SET_S(cpus[i], size, set);
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
  while (!__atomic_compare_exchange_n(&w->msg->list_head, &head, w, 1, __ATOMIC_RELEASE,
                                      __ATOMIC_RELAXED));
  wk_post(w->msg);
}

static void record_wakeup(struct wk_thread *w) {
  const uint64_t now = wk_now();
  if (is_measuring() && !is_stopping()) sl_hist_add(w->wakeup, now - w->wake_time);
}

static void *worker_main(void *arg) {
  struct wk_thread *w = arg;
  const struct wk_config *c = w->config;
  w->tid = gettid();
  wait_for_start();
  while (!is_stopping()) {
    if (c->rps > 0) {
      if (__atomic_load_n(&w->pending, __ATOMIC_ACQUIRE) == 0) {
        __atomic_store_n(&w->futex, 0, __ATOMIC_RELEASE);
        if (__atomic_load_n(&w->pending, __ATOMIC_ACQUIRE) == 0) {
          wk_wait(w, &stopping);
          record_wakeup(w);
        }
      }
      for (uint32_t n = __atomic_exchange_n(&w->pending, 0, __ATOMIC_ACQ_REL); n > 0; n--)
        wk_request(w, is_measuring());
      continue;
    }
    __atomic_store_n(&w->futex, 0, __ATOMIC_RELEASE);
    w->wake_time = wk_now();
    push_and_post(w);
    wk_wait(w, &stopping);
    if (is_stopping()) break;
    record_wakeup(w);
    if (c->pipe_bytes > 0) {
      memset(w->page, 2, (size_t)c->pipe_bytes);
      __atomic_store_n(&w->loops, w->loops + 1, __ATOMIC_RELAXED);
    } else {
      wk_request(w, is_measuring());
    }
  }
  return NULL;
}

/* Wakes the batch most recent first, with one timestamp (pipe: one each). */
static void wake_batch(struct wk_thread *m) {
  struct wk_thread *list = __atomic_exchange_n(&m->list_head, NULL, __ATOMIC_ACQUIRE);
  const uint64_t stamp = wk_now();
  for (struct wk_thread *w = list, *next; w; w = next) {
    next = w->next;
    if (m->config->pipe_bytes > 0) {
      memset(w->page, 1, (size_t)m->config->pipe_bytes);
      w->wake_time = wk_now();
    } else {
      w->wake_time = stamp;
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
  while (!is_stopping()) {
    for (int k = 0; k < per_second && !is_stopping(); k++) {
      struct wk_thread *w = &m->workers[k % c->workers];
      if (__atomic_load_n(&w->pending, __ATOMIC_ACQUIRE) > kBacklogLimit) {
        if (is_measuring()) m->dropped++;
        usleep(100);
        continue;
      }
      w->wake_time = wk_now();
      __atomic_add_fetch(&w->pending, 1, __ATOMIC_ACQ_REL);
      wk_post(w);
    }
    next.tv_sec++;
    while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &next, NULL) == EINTR) {
    }
  }
}

static void *message_main(void *arg) {
  struct wk_thread *m = arg;
  const struct wk_config *c = m->config;
  m->tid = gettid();
  /* Workers inherit the worker set from us; then we pin ourselves. */
  set_affinity(c->worker_cpus, c->n_worker_cpus);
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, kStackBytes);
  for (int i = 0; i < c->workers; i++)
    if (pthread_create(&m->workers[i].thread, &attr, worker_main, &m->workers[i]) != 0) abort();
  pthread_attr_destroy(&attr);
  if (c->n_msg_cpus > 0) set_affinity(&c->msg_cpus[m->index % c->n_msg_cpus], 1);
  wait_for_start();
  if (c->rps > 0) {
    rps_loop(m);
  } else {
    while (!is_stopping()) {
      __atomic_store_n(&m->futex, 0, __ATOMIC_RELEASE);
      wake_batch(m);
      wk_wait(m, &stopping);
    }
  }
  for (int i = 0; i < c->workers; i++) wk_post(&m->workers[i]);
  for (int i = 0; i < c->workers; i++) pthread_join(m->workers[i].thread, NULL);
  return NULL;
}

int wk_write_report(const struct wk_config *c, struct wk_thread *msgs, FILE *out,
                    const uint64_t window[2], const uint64_t loops[2], const double *rps_samples,
                    int n_rps, const uint64_t delay[2][2][2]);
uint64_t wk_total_loops(const struct wk_config *c, struct wk_thread *msgs);
void wk_schedstat(const struct wk_config *c, struct wk_thread *msgs, uint64_t out[2][2]);

static int parse_cpus(const char *text, int *out, int max) {
  int n = 0;
  for (const char *p = text; *p && n < max;) {
    out[n++] = (int)strtol(p, (char **)&p, 10);
    if (*p == ',') p++;
  }
  return n;
}

static void parse_config(struct wk_config *c, int argc, char **argv) {
  memset(c, 0, sizeof *c);
  c->split_pct = 100;
  for (int i = 0; i < argc; i++) {
    char *eq = strchr(argv[i], '=');
    if (!eq) continue;
    *eq = '\0';
    const char *k = argv[i], *v = eq + 1;
    if (!strcmp(k, "m")) c->message_threads = atoi(v);
    else if (!strcmp(k, "t")) c->workers = atoi(v);
    else if (!strcmp(k, "F")) c->footprint_kb = atoi(v);
    else if (!strcmp(k, "n")) c->operations = atoi(v);
    else if (!strcmp(k, "s")) c->sleep_us = atoi(v);
    else if (!strcmp(k, "L")) c->no_locking = atoi(v);
    else if (!strcmp(k, "C")) c->calibrate = atoi(v);
    else if (!strcmp(k, "R")) c->rps = atoi(v);
    else if (!strcmp(k, "p")) c->pipe_bytes = atoi(v);
    else if (!strcmp(k, "split")) c->split_pct = atoi(v);
    else if (!strcmp(k, "i")) c->interval_s = atoi(v);
    else if (!strcmp(k, "M")) c->n_msg_cpus = parse_cpus(v, c->msg_cpus, 1024);
    else if (!strcmp(k, "W")) c->n_worker_cpus = parse_cpus(v, c->worker_cpus, 4096);
    else if (!strcmp(k, "report")) c->report = v;
  }
}

static struct wk_thread *create_threads(const struct wk_config *c) {
  struct wk_thread *msgs = calloc((size_t)c->message_threads, sizeof *msgs);
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, kStackBytes);
  for (int i = 0; i < c->message_threads; i++) {
    struct wk_thread *m = &msgs[i];
    m->index = i;
    m->config = c;
    m->workers = calloc((size_t)c->workers, sizeof *m->workers);
    for (int j = 0; j < c->workers; j++) {
      struct wk_thread *w = &m->workers[j];
      w->index = j;
      w->msg = m;
      w->config = c;
      if (wk_thread_alloc(w, c) != 0) return NULL;
    }
    if (pthread_create(&m->thread, &attr, message_main, m) != 0) return NULL;
  }
  pthread_attr_destroy(&attr);
  const uint32_t all = (uint32_t)(c->message_threads * (c->workers + 1));
  while (__atomic_load_n(&ready_threads, __ATOMIC_ACQUIRE) < all) usleep(1000);
  return msgs;
}

/* Follows the harness's phases: opens the window, samples RPS each second,
 * prints the interval report, and returns at the stop. */
static void monitor(struct sl_run *run, const struct wk_config *c, struct wk_thread *msgs,
                    uint64_t window[2], uint64_t loops[2], double *rps, int *n_rps,
                    uint64_t delay[2][2][2]) {
  uint32_t *phase = &run->shared->hdr.phase;
  uint64_t last_t = 0, last_loops = 0, next_sample = 0, next_interval = 0, interval_loops = 0;
  for (;;) {
    const uint32_t p = __atomic_load_n(phase, __ATOMIC_ACQUIRE);
    const uint64_t now = wk_now();
    if (p >= SL_PHASE_MEASURE && !is_measuring() && window[0] == 0) {
      sl_continue(run); /* the rusage baseline */
      window[0] = last_t = now;
      loops[0] = last_loops = interval_loops = wk_total_loops(c, msgs);
      wk_schedstat(c, msgs, delay[0]);
      __atomic_store_n(&measuring, 1, __ATOMIC_RELEASE);
      next_sample = now + 1000000000ull;
      next_interval = c->interval_s > 0 ? now + (uint64_t)c->interval_s * 1000000000ull : UINT64_MAX;
    }
    if (p == SL_PHASE_STOP) break;
    if (is_measuring() && now >= next_sample && *n_rps < kMaxRpsSamples) {
      const uint64_t l = wk_total_loops(c, msgs);
      rps[(*n_rps)++] = (double)(l - last_loops) * 1e9 / (double)(now - last_t);
      last_loops = l;
      last_t = now;
      next_sample += 1000000000ull;
    }
    if (is_measuring() && now >= next_interval) {
      const uint64_t l = wk_total_loops(c, msgs);
      fprintf(stderr, "schedlab wakeup: rps over the last %d s: %.2f\n", c->interval_s,
              (double)(l - interval_loops) / c->interval_s);
      interval_loops = l;
      next_interval += (uint64_t)c->interval_s * 1000000000ull;
    }
    uint64_t wake = is_measuring() ? (next_sample < next_interval ? next_sample : next_interval) : now + 1000000000ull;
    const uint64_t wait = wake > now ? wake - now : 0;
    const struct timespec timeout = {(time_t)(wait / 1000000000ull), (long)(wait % 1000000000ull)};
    futex(phase, FUTEX_WAIT, p, &timeout); /* shared futex: the harness wakes it */
  }
  window[1] = wk_now();
  loops[1] = wk_total_loops(c, msgs);
  wk_schedstat(c, msgs, delay[1]); /* while the threads still live */
  __atomic_store_n(&measuring, 0, __ATOMIC_RELEASE);
  if (window[0] == 0) window[0] = window[1], loops[0] = loops[1];
}

int sl_wakeup(struct sl_run *run, int argc, char **argv) {
  static struct wk_config c;
  parse_config(&c, argc, argv);
  if (c.message_threads < 1 || c.workers < 1 || !c.report) return 2;
  wk_work_init(&c);
  struct wk_thread *msgs = create_threads(&c);
  if (!msgs) sl_fail(run, SL_FAIL_SETUP, errno ? errno : ENOMEM, 0);
  sl_barrier(run);
  __atomic_store_n(&started, 1, __ATOMIC_RELEASE);
  futex(&started, FUTEX_WAKE_PRIVATE, INT_MAX, NULL);
  static double rps[kMaxRpsSamples];
  int n_rps = 0;
  uint64_t window[2] = {0, 0}, loops[2] = {0, 0}, delay[2][2][2];
  memset(delay, 0, sizeof delay);
  monitor(run, &c, msgs, window, loops, rps, &n_rps, delay);
  __atomic_store_n(&stopping, 1, __ATOMIC_RELEASE);
  for (int i = 0; i < c.message_threads; i++) wk_post(&msgs[i]);
  for (int i = 0; i < c.message_threads; i++) pthread_join(msgs[i].thread, NULL);
  FILE *out = fopen(c.report, "w");
  if (!out || wk_write_report(&c, msgs, out, window, loops, rps, n_rps, delay) != 0)
    sl_fail(run, SL_FAIL_SETUP, errno, 0);
  fclose(out);
  sl_publish(run, loops[1] - loops[0]);
  sl_finish(run);
  return 0;
}
