/* The contract between the harness (C++) and the lean loop process
 * (schedlab-worker, C).  Both sides map one shared region: a header followed
 * by one slot per copy.  The harness owns the phase word; each copy owns its
 * slot.  All cross-process accesses use the __atomic builtins, which C and
 * C++ compile identically. */
#ifndef SCHEDLAB_WORKER_PROTOCOL_H
#define SCHEDLAB_WORKER_PROTOCOL_H

#include <stdint.h>

#define SL_PROTOCOL_VERSION 1
/* The region is passed to every worker as this file descriptor. */
#define SL_SHARED_FD 3

/* Phase of a run, written by the harness, read by every copy once per loop. */
enum sl_phase {
  SL_PHASE_HOLD = 0,    /* copies wait on the futex: the start barrier */
  SL_PHASE_WARMUP = 1,  /* released; loops run but the window has not begun */
  SL_PHASE_MEASURE = 2, /* the measurement window */
  SL_PHASE_STOP = 3     /* finish the loop in flight and exit */
};

/* Lifecycle of one copy, written by the copy. */
enum sl_copy_state {
  SL_COPY_STARTING = 0,
  SL_COPY_READY = 1,   /* set up, waiting at the barrier */
  SL_COPY_RUNNING = 2,
  SL_COPY_DONE = 3,    /* finished cleanly; rusage fields are valid */
  SL_COPY_FAILED = 4   /* fail_op / fail_errno / fail_detail say why */
};

/* What a failed copy was doing. */
enum sl_fail_op {
  SL_FAIL_NONE = 0,
  SL_FAIL_SETUP = 1,   /* mapping, argument or affinity problem */
  SL_FAIL_FORK = 2,    /* fork/vfork/posix_spawn returned an error */
  SL_FAIL_EXEC = 3,    /* execve failed (in the child) */
  SL_FAIL_WAIT = 4,    /* waitpid failed */
  SL_FAIL_STATUS = 5,  /* the child exited non-zero or was killed; detail = wait status */
  SL_FAIL_PIPE = 6,    /* pipe read/write failed or hit EOF early */
  SL_FAIL_TOKEN = 7    /* context token mismatch; detail = value seen */
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

/* One copy's slot.  128 bytes so that neighbouring copies' counters never
 * share a cache line (their stores would otherwise bounce it). */
struct sl_copy_slot {
  uint64_t loops;         /* loops completed, published after every loop */
  uint64_t start_ns;      /* CLOCK_MONOTONIC when the copy saw the release */
  uint64_t end_ns;        /* CLOCK_MONOTONIC when the copy finished */
  int32_t state;          /* enum sl_copy_state */
  int32_t fail_op;        /* enum sl_fail_op */
  int32_t fail_errno;
  int32_t fail_detail;
  int32_t partner_pid;    /* the second process of a copy (context), or 0 */
  int32_t pad0;
  /* Resource usage of the copy (itself and its reaped children) from the
   * moment it saw SL_PHASE_MEASURE until it finished.  While the copy runs
   * these hold the baseline taken at that moment (the execl copy replaces its
   * image every loop, so the baseline must live here, not in its memory). */
  int64_t usage[7];       /* indexed by enum sl_usage */
  uint64_t reserved[2];
};

struct sl_shared_header {
  uint32_t version;     /* SL_PROTOCOL_VERSION */
  uint32_t phase;       /* enum sl_phase; futex word for the start barrier */
  uint32_t ready;       /* copies that reached the barrier; futex word for the harness */
  uint32_t ncopies;
  uint64_t pad[7];      /* keep the hot phase word on its own cache line */
};

struct sl_shared {
  struct sl_shared_header hdr;
  struct sl_copy_slot slot[]; /* ncopies slots */
};

#endif
