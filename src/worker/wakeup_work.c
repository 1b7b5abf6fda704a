/* What one request does (schbench §3): usleep, this CPU's lock (unless -L),
 * `operations` naive matrix multiplies over the footprint, unlock.  The
 * per-CPU locks are sized by the possible CPUs, so sparse CPU ids cannot
 * index past them (a schbench bug). */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "worker/wakeup.h"

static pthread_mutex_t *cpu_locks;
static int n_cpu_locks;
static double *shared_a, *shared_b;
static int n_private, n_shared;

uint64_t wk_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static int possible_cpus(void) {
  FILE *f = fopen("/sys/devices/system/cpu/possible", "r");
  int first = 0, last = -1;
  if (f) {
    if (fscanf(f, "%d-%d", &first, &last) < 2) last = first;
    fclose(f);
  }
  long conf = sysconf(_SC_NPROCESSORS_CONF);
  return last + 1 > conf ? last + 1 : (int)conf;
}

/* n with 3 n^2 doubles filling `kb` KiB (schbench: sqrt(KB*1024/3/8)). */
static int matrix_size(int kb) {
  long cells = (long)kb * 1024 / 3 / 8;
  int n = 0;
  while ((long)(n + 1) * (n + 1) <= cells) n++;
  return n;
}

static double *new_matrix(int n, double fill) {
  double *m = malloc(sizeof(double) * (size_t)n * (size_t)n + 1);
  if (m)
    for (long i = 0; i < (long)n * n; i++) m[i] = fill;
  return m;
}

void wk_work_init(const struct wk_config *config) {
  n_cpu_locks = possible_cpus();
  cpu_locks = calloc((size_t)n_cpu_locks, sizeof *cpu_locks);
  for (int i = 0; i < n_cpu_locks; i++) pthread_mutex_init(&cpu_locks[i], NULL);
  n_private = matrix_size(config->footprint_kb * config->split_pct / 100);
  n_shared = matrix_size(config->footprint_kb * (100 - config->split_pct) / 100);
  if (n_shared > 0) {
    shared_a = new_matrix(n_shared, 1.5);
    shared_b = new_matrix(n_shared, 2.5);
  }
}

int wk_thread_alloc(struct wk_thread *t, const struct wk_config *config) {
  if (n_private > 0) {
    t->a = new_matrix(n_private, 1.5);
    t->b = new_matrix(n_private, 2.5);
  }
  const int n_out = n_private > n_shared ? n_private : n_shared;
  if (n_out > 0 && !(t->c = new_matrix(n_out, 0))) return -1;
  if (config->pipe_bytes > 0 && !(t->page = calloc(1, (size_t)config->pipe_bytes))) return -1;
  return 0;
}

static void multiply(const double *a, const double *b, double *c, int n) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      double sum = 0;
      for (int k = 0; k < n; k++) sum += a[i * n + k] * b[k * n + j];
      c[i * n + j] = sum;
    }
}

static inline void cpu_relax(void) {
#if defined(__x86_64__) || defined(__i386__)
  __asm__ __volatile__("pause");
#elif defined(__aarch64__)
  __asm__ __volatile__("yield");
#endif
}

/* Takes the lock of the CPU we run on; retries if we migrated meanwhile.
 * Gives up (NULL) when the run stops: with hundreds of workers per CPU the
 * spinners would otherwise keep the CPUs from the thread ending the run. */
static pthread_mutex_t *lock_this_cpu(void) {
  for (;;) {
    int cpu = sched_getcpu();
    if (cpu < 0 || cpu >= n_cpu_locks) cpu = 0;
    pthread_mutex_t *lock = &cpu_locks[cpu];
    while (pthread_mutex_trylock(lock) != 0) {
      if (wk_stopping()) return NULL;
      cpu_relax();
    }
    if (sched_getcpu() == cpu) return lock;
    pthread_mutex_unlock(lock);
  }
}

int wk_request(struct wk_thread *t) {
  const struct wk_config *c = t->config;
  if (c->calibrate && c->sleep_us > 0) usleep((useconds_t)c->sleep_us);
  const uint64_t start = wk_now();
  if (!c->calibrate && c->sleep_us > 0) usleep((useconds_t)c->sleep_us);
  pthread_mutex_t *lock = NULL;
  if (!c->no_locking && !(lock = lock_this_cpu())) return 0;
  for (int op = 0; op < c->operations && !wk_stopping(); op++) {
    if (n_private > 0) multiply(t->a, t->b, t->c, n_private);
    if (n_shared > 0) multiply(shared_a, shared_b, t->c, n_shared);
  }
  if (lock) pthread_mutex_unlock(lock);
  if (wk_stopping()) return 0;
  const uint64_t end = wk_now();
  wk_count(t);
  wk_record(t, t->request, start, end);
  return 1;
}
