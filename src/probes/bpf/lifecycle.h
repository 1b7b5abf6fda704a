/* The contract between the lifecycle BPF program (lifecycle.bpf.c, in the
 * kernel) and the bpf probe (bpf_probe.cpp, in schedlab): the maps' value
 * layouts and the histogram's bucket arithmetic, written once in C that
 * both compilers read (clang -target bpf and the C++ build), so the
 * program's bucket of a value and the probe's lower bound of that bucket
 * cannot disagree.
 *
 * Histograms are log-linear, as HdrHistogram and fio's latency bins are:
 * exact below 8 ns, then 4 sub-buckets per power of two, so a bucket is at
 * most 25% of its lower bound wide, over the whole u64 range (252 buckets,
 * 2 KiB per histogram per CPU). */
#ifndef SCHEDLAB_PROBES_BPF_LIFECYCLE_H
#define SCHEDLAB_PROBES_BPF_LIFECYCLE_H

#ifndef __bpf__
#include <linux/types.h>
#endif

#define SL_SUB_BITS 2u
#define SL_SUB_BUCKETS (1u << SL_SUB_BITS)
/* Values below 2 * SL_SUB_BUCKETS have a bucket of their own; then each
 * power of two from 2^(SL_SUB_BITS + 1) to 2^63 has SL_SUB_BUCKETS. */
#define SL_EXACT (2u * SL_SUB_BUCKETS)
#define SL_BUCKETS (SL_EXACT + (64u - SL_SUB_BITS - 1u) * SL_SUB_BUCKETS)

/* The histograms, in the order of the map's entries (and of the probe's
 * names for them, bpf_histograms.cpp). */
enum sl_histogram_kind {
  SL_FORK_TO_EXEC = 0, /* sched_process_fork (the child) -> its first sched_process_exec */
  SL_EXEC_TO_EXIT,     /* sched_process_exec -> sched_process_exit of the same task */
  SL_EXIT_TO_FREE,     /* sched_process_exit -> sched_process_free (reaped, then an RCU grace period) */
  SL_RUNQ_LATENCY,     /* sched_wakeup / sched_wakeup_new -> sched_switch to the task */
  SL_ONCPU_SLICE,      /* sched_switch to the task -> sched_switch away from it */
  SL_HISTOGRAMS
};

/* One histogram on one CPU (a per-CPU array entry). */
struct sl_histogram {
  __u64 counts[SL_BUCKETS];
};

/* Event counts on one CPU (the single entry of a per-CPU array). */
struct sl_counters {
  __u64 wakeups;       /* sched_wakeup of a task of the workload */
  __u64 wakeups_new;   /* sched_wakeup_new: a new task of the workload first made runnable */
  __u64 migrations;    /* sched_migrate_task of a task of the workload */
  __u64 tasks_dropped; /* tasks not followed: the task map was full */
  __u64 offcpu_dropped; /* blocking switch-outs with no stack kept: the stack or off-CPU map was full */
};

/* Off-CPU time of one kernel stack (a per-CPU hash entry keyed by the
 * stack map's id): what the workload's tasks blocked in, and how long. */
struct sl_offcpu {
  __u64 total_ns; /* sum of the off-CPU intervals that began in this stack */
  __u64 count;    /* how many */
};

/* When a task of the workload last reached each point, in its state. */
enum sl_stamp {
  SL_AT_FORK = 0,
  SL_AT_EXEC,
  SL_AT_EXIT,
  SL_AT_WAKE,
  SL_AT_ONCPU,
  SL_AT_OFFCPU, /* switched out blocking (not preempted), with its stack in offcpu_stack */
  SL_STAMPS
};

/* What the program keeps per task it saw in the window, in the task's own
 * BPF storage (found from the task_struct pointer the tracepoint passes,
 * without hashing).  A task of the workload is `followed`; with the
 * process-tree filter a task found not to be the workload's keeps an
 * empty state too, so that it is looked up in the tree only once.  A
 * stamp of 0 means "not reached in the window". */
struct sl_task_state {
  __u64 since[SL_STAMPS]; /* bpf_ktime_get_ns(): CLOCK_MONOTONIC */
  __u32 pid;              /* the task's id (tid) */
  __s32 offcpu_stack;     /* the stack map's id of where it last blocked */
  __u32 followed;         /* 1: a task of the workload; 0: not */
  __u32 pad;
};

/* Capacity of the task map and of the process-tree map: more tasks alive
 * at once than a 2-socket machine runs copies of the heaviest workload
 * (schbench -m 4 -t 128: 516 threads per copy). */
#define SL_MAX_TASKS 32768u
#define SL_MAX_PROCESSES 16384u

/* The kernel stacks kept for off-CPU time: the frames nearest the leaf
 * (where the task blocked) up to this depth, and at most this many
 * distinct stacks (the stack map is a hash of stacks: a stack whose
 * bucket another holds is dropped, and counted, not merged). */
#define SL_STACK_DEPTH 32u
#define SL_MAX_STACKS 8192u

/* floor(log2(v)) for v >= 1, by halving: BPF has no count-leading-zeros
 * (clang unrolls the loop). */
static inline __u32 sl_log2(__u64 v) {
  __u32 r = 0, shift;
  for (shift = 32; shift >= 2; shift /= 2) {
    if (v >> shift) {
      v >>= shift;
      r += shift;
    }
  }
  return r + (__u32)(v >> 1);
}

/* The bucket of value v: the exact ones, then (power, sub-bucket). */
static inline __u32 sl_bucket(__u64 v) {
  __u32 power, sub;
  if (v < (__u64)SL_EXACT) return (__u32)v;
  power = sl_log2(v);
  sub = (__u32)(v >> (power - SL_SUB_BITS)) & (SL_SUB_BUCKETS - 1u);
  return SL_EXACT + (power - SL_SUB_BITS - 1u) * SL_SUB_BUCKETS + sub;
}

/* The smallest value of bucket b (b < SL_BUCKETS). */
static inline __u64 sl_bucket_lower(__u32 b) {
  __u32 power, sub;
  if (b < SL_EXACT) return b;
  power = (b - SL_EXACT) / SL_SUB_BUCKETS + SL_SUB_BITS + 1u;
  sub = (b - SL_EXACT) % SL_SUB_BUCKETS;
  return (__u64)(SL_SUB_BUCKETS + sub) << (power - SL_SUB_BITS);
}

#endif
