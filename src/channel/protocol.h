/* The runner-worker channel: the contract between the harness (C++,
 * channel/run_channel.h) and the lean loop process (schedlab-worker, C).
 *
 * Both sides map one shared region, passed to the worker as fd 3:
 *
 *   sl_shared_header                                   64 bytes
 *   copy 0: sl_copy_slot | configuration | results     hdr.copy_bytes
 *   copy 1: ...
 *
 * A copy's area holds what its mode declares in sl_mode_table: its typed
 * configuration (written by the harness before the copy starts), then its
 * results: histograms (64-bit bins), scalars (uint64), and, for threaded modes,
 * hdr.counters loop counters of 64 bytes each (one per thread, so that no
 * two threads share a cache line; the copy's loops are slot.loops plus
 * their sum).  The harness samples every counter at the window's edges and
 * each second, whatever the copy's own threads are doing.  The harness owns
 * the header and writes each copy's configuration before starting it (read
 * only from then on); each copy owns its slot and results.  Cross-process accesses use
 * the __atomic builtins, which C and C++ compile identically.  The harness
 * also decides how a run ends (hdr.stop_mode, hdr.iterations); the worker
 * obeys. */
#ifndef SCHEDLAB_CHANNEL_PROTOCOL_H
#define SCHEDLAB_CHANNEL_PROTOCOL_H

#include <stdint.h>

#include "channel/histogram.h"

/* 3: the mode table is one list (SL_MODE_LIST); each copy's area begins
 * with its mode's typed configuration; the slot carries loops_done_ns and
 * the leftovers a copy killed. */
#define SL_CHANNEL_VERSION 3
/* The region is passed to every worker as this file descriptor.  The worker
 * marks it close-on-exec at once: no measured program inherits it. */
#define SL_SHARED_FD 3

/* Phase of a run, written by the harness, read by every copy once per loop. */
enum sl_phase {
  SL_PHASE_HOLD = 0,    /* copies wait on the futex: the start barrier */
  SL_PHASE_WARMUP = 1,  /* released; loops run but the window has not begun */
  SL_PHASE_MEASURE = 2, /* the measurement window */
  SL_PHASE_STOP = 3     /* finish the loop in flight and exit */
};

/* How a copy's loop ends: decided by the harness, obeyed by the worker. */
enum sl_stop_mode {
  SL_STOP_WINDOW = 0,     /* loop until SL_PHASE_STOP; finishing earlier is a failure */
  SL_STOP_ITERATIONS = 1  /* hdr.iterations loops counted from the window's start */
};

/* Lifecycle of one copy, written by the copy. */
enum sl_copy_state {
  SL_COPY_STARTING = 0,
  SL_COPY_READY = 1,   /* set up, waiting at the barrier */
  SL_COPY_RUNNING = 2,
  SL_COPY_DONE = 3,    /* finished cleanly; usage fields and results are valid */
  SL_COPY_FAILED = 4   /* fail_op / fail_errno / fail_detail say why */
};

/* What a failed copy was doing. */
enum sl_fail_op {
  SL_FAIL_NONE = 0,
  SL_FAIL_SETUP = 1,   /* mapping, argument, thread or affinity problem */
  SL_FAIL_FORK = 2,    /* fork/vfork/posix_spawn/pthread_create returned an error */
  SL_FAIL_EXEC = 3,    /* execve failed (in the child) */
  SL_FAIL_WAIT = 4,    /* waitpid failed */
  SL_FAIL_STATUS = 5,  /* the child exited non-zero or was killed; detail = wait status */
  SL_FAIL_PIPE = 6,    /* pipe read/write failed or hit EOF early */
  SL_FAIL_TOKEN = 7,   /* context token mismatch; detail = value seen */
  SL_FAIL_CONFIG = 8   /* the mode's arguments or configuration were refused; detail = enum sl_config_problem */
};

/* What was wrong with a mode's arguments or configuration (SL_FAIL_CONFIG). */
enum sl_config_problem {
  SL_CONFIG_MISSING = 1, /* the harness never wrote the mode's configuration */
  SL_CONFIG_SIZE = 2,    /* written for another layout (size differs) */
  SL_CONFIG_THREADS = 3, /* no threads, or more than the channel has counters for */
  SL_CONFIG_RANGE = 4,   /* a value outside what the mode allows */
  SL_CONFIG_FLAGS = 5,   /* an unknown flag */
  SL_CONFIG_ARGS = 6     /* arguments missing, extra or unknown */
};

/* Fields of sl_copy_slot.usage. */
enum sl_usage {
  SL_USAGE_UTIME_US = 0,
  SL_USAGE_STIME_US,
  SL_USAGE_NVCSW,
  SL_USAGE_NIVCSW,
  SL_USAGE_MINFLT,
  SL_USAGE_MAJFLT,
  SL_USAGE_MAXRSS_KB, /* largest of the copy and its children; not a delta */
  SL_USAGE_COUNT
};

/* wakeup's configuration, written by the harness into each copy's config
 * area before the copy starts (typed: no argv parsing in the worker).  The
 * worker refuses a configuration that is missing, of another size, or out of
 * range (SL_FAIL_CONFIG).  CPU sets are bitmaps of SL_MAX_CPUS CPUs; the
 * i-th message thread runs on the (i mod n)-th CPU of message_cpus, in
 * ascending order (schbench's rule). */
#define SL_MAX_CPUS 8192
#define SL_CPU_WORDS (SL_MAX_CPUS / 64)
enum sl_wakeup_flags { SL_WK_NO_LOCKING = 1u, SL_WK_CALIBRATE = 2u };
#define SL_WK_KNOWN_FLAGS (SL_WK_NO_LOCKING | SL_WK_CALIBRATE)
#define SL_WK_MAX_PIPE_BYTES (1u << 20)

struct sl_wakeup_config {
  uint32_t size;            /* sizeof(struct sl_wakeup_config); 0 = never filled in */
  uint32_t message_threads; /* -m, at least 1 */
  uint32_t workers;         /* -t, per message thread, at least 1 */
  uint32_t footprint_kb;    /* -F */
  uint32_t operations;      /* -n */
  uint32_t sleep_us;        /* -s */
  uint32_t flags;           /* enum sl_wakeup_flags */
  uint32_t rps;             /* -R, total; 0 = saturation, else at least message_threads */
  uint32_t pipe_bytes;      /* -p; 0 = off, at most SL_WK_MAX_PIPE_BYTES */
  uint32_t split_pct;       /* --split: private share of the footprint, 0..100 */
  uint32_t interval_s;      /* -i; 0 = off */
  uint32_t pad0;
  uint64_t message_cpus[SL_CPU_WORDS]; /* empty: the message threads are not pinned */
  uint64_t worker_cpus[SL_CPU_WORDS];  /* empty: the workers' affinity is left alone */
};

/* The worker's modes, one line each: the only list.  It generates enum
 * sl_mode and sl_mode_table below, and the worker's table of operations
 * (worker/main.c: sl_<symbol>_ops for each line, checked at start-up), so
 * none of them can fall out of step with another.
 *   X(ENUM, symbol, "name", configuration bytes, histograms, scalars, per-thread counters) */
#define SL_MODE_LIST(X)                                                                  \
  X(SPAWN, spawn, "spawn", 0, 0, 0, 0)                                                   \
  X(EXECL, execl, "execl", 0, 0, 0, 0)                                                   \
  X(EXEC, exec, "exec", 0, 0, 0, 0)                                                      \
  X(EXEC_SHELL, exec_shell, "exec-shell", 0, 0, 0, 0)                                    \
  X(CONTEXT, context, "context", 0, 0, 0, 0)                                             \
  X(LOOPER, looper, "looper", 0, 0, 0, 0)                                                \
  X(COMMAND, command, "command", 0, 0, 0, 0)                                             \
  X(WAKEUP, wakeup, "wakeup", sizeof(struct sl_wakeup_config), SL_WK_HISTS, SL_WK_SCALARS, 1)

#define SL_MODE_ENUM(id, sym, name, config, hists, scalars, counters) SL_MODE_##id,
enum sl_mode { SL_MODE_LIST(SL_MODE_ENUM) SL_MODE_COUNT };
#undef SL_MODE_ENUM

/* wakeup's results. */
enum sl_wakeup_hist { SL_WK_HIST_WAKEUP, SL_WK_HIST_REQUEST, SL_WK_HISTS };
enum sl_wakeup_scalar {
  SL_WK_DROPPED,        /* -R: requests not queued in the window */
  SL_WK_MSG_DELAY_NS,   /* run-queue delay and schedulings in the window, */
  SL_WK_MSG_SCHEDULES,  /* message threads and workers (/proc schedstat)  */
  SL_WK_WORKER_DELAY_NS,
  SL_WK_WORKER_SCHEDULES,
  SL_WK_UNSETTLED,      /* threads still inside a histogram update at the stop */
  SL_WK_SCALARS
};

struct sl_mode_layout {
  const char *name;
  uint32_t config_bytes; /* the mode's configuration (harness -> worker), 0 = none */
  uint32_t histograms;   /* struct sl_hist per copy */
  uint32_t scalars;      /* uint64_t per copy */
  uint32_t counters;     /* 1: per-thread loop counters, hdr.counters of them */
};

#define SL_MODE_LAYOUT(id, sym, name, config, hists, scalars, counters) \
  {name, (uint32_t)(config), hists, scalars, counters},
/* Indexed by enum sl_mode: both come from SL_MODE_LIST. */
static const struct sl_mode_layout sl_mode_table[SL_MODE_COUNT] = {SL_MODE_LIST(SL_MODE_LAYOUT)};
#undef SL_MODE_LAYOUT

/* One thread's loop counter, alone on its cache line. */
struct sl_counter {
  uint64_t loops;
  uint64_t pad[7];
};

/* Processes a copy killed because they outlived it (command: what the
 * command left running after the grace), named by their first comms. */
#define SL_LEFTOVER_NAMES 4
/* How long the command's orphans may run after it exits before they are
 * killed; the harness waits this long, and its own grace, for the copy. */
#define SL_LEFTOVER_GRACE_S 10

/* One copy's slot; a multiple of 64 bytes so that neighbouring copies'
 * counters never share a cache line. */
struct sl_copy_slot {
  uint64_t loops;          /* loops completed, published after every loop */
  uint64_t start_ns;       /* CLOCK_MONOTONIC when the copy saw the release */
  uint64_t end_ns;         /* CLOCK_MONOTONIC when the copy finished */
  /* The copy's own view of the window: the loop boundary at which it first
   * saw SL_PHASE_MEASURE (rusage baseline taken, 0 = not yet) and the one at
   * which it finished, and the loops completed between the two. */
  uint64_t usage_begin_ns;
  uint64_t usage_end_ns;
  uint64_t usage_loops;
  uint64_t measure_base;   /* loops when the window began (survives execl's exec) */
  /* Iteration-bound: CLOCK_MONOTONIC when the copy's loops were done (the
   * command exited); what follows is cleanup, which the harness bounds. */
  uint64_t loops_done_ns;
  int32_t state;           /* enum sl_copy_state */
  int32_t fail_op;         /* enum sl_fail_op */
  int32_t fail_errno;
  int32_t fail_detail;
  int32_t partner_pid;     /* the second process of a copy (context), or 0 */
  int32_t pad0;
  /* Resource usage of the copy (itself and its reaped children) between its
   * usage_begin_ns and usage_end_ns.  While the copy runs these hold the
   * baseline (the execl copy replaces its image every loop, so the baseline
   * must live here, not in its memory). */
  int64_t usage[SL_USAGE_COUNT];
  uint64_t leftovers_killed;                   /* processes killed after the grace */
  char leftover_names[SL_LEFTOVER_NAMES][16];  /* comm of the first ones, "" after */
  uint64_t reserved[5];
};

struct sl_shared_header {
  uint32_t version;     /* SL_CHANNEL_VERSION */
  uint32_t phase;       /* enum sl_phase; futex word for the start barrier */
  uint32_t ready;       /* copies that reached the barrier; futex word for the harness */
  uint32_t ncopies;
  uint32_t mode;        /* enum sl_mode every copy runs */
  uint32_t stop_mode;   /* enum sl_stop_mode */
  uint64_t iterations;  /* SL_STOP_ITERATIONS: loops per copy */
  uint64_t copy_bytes;  /* from one copy's slot to the next: slot + result area */
  uint32_t counters;    /* per-thread loop counters of each copy (threaded modes) */
  uint32_t pad0;
  uint64_t pad[2];      /* keep the header one cache line */
};

/* The bytes of one copy: its slot, configuration and result area, rounded
 * to cache lines; the configuration and the counters each start on a cache
 * line of their own. */
static inline uint64_t sl_round_line(uint64_t bytes) { return (bytes + 63u) & ~(uint64_t)63u; }

static inline uint64_t sl_results_offset(const struct sl_mode_layout *m) {
  return sizeof(struct sl_copy_slot) + sl_round_line(m->config_bytes);
}

static inline uint64_t sl_counters_offset(const struct sl_mode_layout *m) {
  return sl_round_line(sl_results_offset(m) + (uint64_t)m->histograms * sizeof(struct sl_hist) +
                       (uint64_t)m->scalars * 8u);
}

static inline uint64_t sl_copy_bytes(const struct sl_mode_layout *m, uint32_t counters) {
  return sl_counters_offset(m) + (m->counters ? (uint64_t)counters * sizeof(struct sl_counter) : 0);
}

static inline struct sl_copy_slot *sl_slot_at(void *base, const struct sl_shared_header *h,
                                              uint32_t i) {
  return (struct sl_copy_slot *)((char *)base + sizeof *h + (uint64_t)i * h->copy_bytes);
}

/* The copy's configuration: config_bytes of the mode's own type. */
static inline void *sl_slot_config(struct sl_copy_slot *slot) { return slot + 1; }

static inline struct sl_hist *sl_slot_hist(struct sl_copy_slot *slot, const struct sl_mode_layout *m,
                                           uint32_t k) {
  return (struct sl_hist *)((char *)slot + sl_results_offset(m)) + k;
}

static inline uint64_t *sl_slot_scalars(struct sl_copy_slot *slot, const struct sl_mode_layout *m) {
  return (uint64_t *)((char *)slot + sl_results_offset(m) + (uint64_t)m->histograms * sizeof(struct sl_hist));
}

static inline struct sl_counter *sl_slot_counters(struct sl_copy_slot *slot,
                                                  const struct sl_mode_layout *m) {
  return (struct sl_counter *)((char *)slot + sl_counters_offset(m));
}

#endif
