/* The bpf probe's kernel half: lifecycle and scheduling histograms of the
 * workload's tasks, aggregated in the kernel (per-CPU maps, no event
 * copied out), read once after the run by bpf_probe.cpp.
 *
 * Raw BTF tracepoints (tp_btf): the handler gets the tracepoint's
 * arguments as typed kernel pointers and no event record is formatted,
 * which makes them cheaper than classic tracepoints.  Every handler first
 * returns unless the window is open (`window_open`, flipped by the probe
 * at the window's edges), except the bookkeeping that must follow the
 * workload whatever the time: the process tree grows at each fork, and a
 * freed task's state is dropped.  A task is the workload's when it is in
 * the run's leaf cgroup (`filter_cgroup_id`, when the run has a cgroup
 * chain) or its process belongs to the copies' process trees (`tree`,
 * seeded by the probe with the copies' processes and grown here). */
#include "probes/bpf/kernel_types.h"

#include <bpf/bpf_core_read.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

#include "probes/bpf/lifecycle.h"

/* tp_btf programs must declare a GPL-compatible license to be loaded. */
char LICENSE[] SEC("license") = "Dual BSD/GPL";

/* Set before load: the leaf cgroup's id, or 0 to follow the process tree. */
const volatile __u64 filter_cgroup_id = 0;
/* Set before load: 1 to record where the workload's tasks block (the
 * bpf-offcpu probe).  At 0 the verifier drops that code as dead, and a
 * switch costs no stack walk (bpf_get_stackid unwinds the kernel stack). */
const volatile __u32 record_offcpu = 0;
/* 1 while the measurement window is open (memory-mapped .bss). */
__u32 window_open = 0;

/* tgid -> the address of its group leader's task_struct, or 0 for a
 * process the probe seeded (it knows only pids).  The address guards
 * against a pid reused before its old process's free event came. */
struct {
  __uint(type, BPF_MAP_TYPE_HASH);
  __uint(max_entries, SL_MAX_PROCESSES);
  __type(key, __u32);
  __type(value, __u64);
} tree SEC(".maps");

/* The tasks of the workload followed, task_struct address (unique while
 * the task exists, which a pid is not: a pid is free for reuse at the
 * reap, before sched_process_free) -> pid: bounded, and read after the
 * run for the record of tasks left.  Touched when a task is first
 * followed and when it is freed, never on the hot path. */
struct {
  __uint(type, BPF_MAP_TYPE_HASH);
  __uint(max_entries, SL_MAX_TASKS);
  __type(key, __u64);
  __type(value, __u32);
} tasks SEC(".maps");

/* Each task's state (lifecycle.h), in its own storage: every switch looks
 * up two tasks, and a task storage lookup is a pointer walk from the
 * task_struct where a hash lookup hashes and compares keys. */
struct {
  __uint(type, BPF_MAP_TYPE_TASK_STORAGE);
  __uint(map_flags, BPF_F_NO_PREALLOC);
  __type(key, int);
  __type(value, struct sl_task_state);
} task_state SEC(".maps");

struct {
  __uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
  __uint(max_entries, SL_HISTOGRAMS);
  __type(key, __u32);
  __type(value, struct sl_histogram);
} histograms SEC(".maps");

struct {
  __uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
  __uint(max_entries, 1);
  __type(key, __u32);
  __type(value, struct sl_counters);
} counters SEC(".maps");

/* Kernel stacks where the workload's tasks blocked, by id. */
struct {
  __uint(type, BPF_MAP_TYPE_STACK_TRACE);
  __uint(max_entries, SL_MAX_STACKS);
  __type(key, __u32);
  __uint(value_size, SL_STACK_DEPTH * sizeof(__u64));
} stacks SEC(".maps");

/* Stack id -> off-CPU time that began there. */
struct {
  __uint(type, BPF_MAP_TYPE_PERCPU_HASH);
  __uint(max_entries, SL_MAX_STACKS);
  __type(key, __u32);
  __type(value, struct sl_offcpu);
} offcpu SEC(".maps");

static __always_inline struct sl_counters* my_counters(void) {
  __u32 zero = 0;
  return bpf_map_lookup_elem(&counters, &zero);
}

static __always_inline bool in_workload(struct task_struct* t) {
  __u32 tgid;
  __u64* leader;
  if (filter_cgroup_id) return t->cgroups->dfl_cgrp->kn->id == filter_cgroup_id;
  tgid = (__u32)t->tgid;
  leader = bpf_map_lookup_elem(&tree, &tgid);
  return leader && (*leader == 0 || *leader == (__u64)t->group_leader);
}

/* Starts following task t of the workload: its state, or NULL when the
 * task map is full (counted). */
static __always_inline struct sl_task_state* follow(struct task_struct* t) {
  __u64 key = (__u64)t;
  __u32 pid = (__u32)t->pid;
  struct sl_task_state init = {};
  struct sl_task_state* s;
  struct sl_counters* c;
  if (bpf_map_update_elem(&tasks, &key, &pid, BPF_ANY) != 0) {
    c = my_counters();
    if (c) c->tasks_dropped++;
    return 0;
  }
  init.pid = pid;
  init.followed = 1;
  s = bpf_task_storage_get(&task_state, t, &init, BPF_LOCAL_STORAGE_GET_F_CREATE);
  if (!s) bpf_map_delete_elem(&tasks, &key);
  return s;
}

/* The state of a task of the workload, created on first sight; NULL for
 * any other task (or when the map is full, which is counted).  The idle
 * tasks (pid 0, one per CPU: half the switches of a machine with idle
 * CPUs) are never the workload's and are not looked up.  With the
 * process-tree filter a task's verdict is kept in its state: a task seen
 * outside the tree cannot join it (only forks grow the tree, and a fork's
 * child is a new task); a task can move into a cgroup, so with the
 * cgroup filter, a cheap check, only the workload's tasks get a state. */
static __always_inline struct sl_task_state* followed(struct task_struct* t) {
  struct sl_task_state* s = bpf_task_storage_get(&task_state, t, 0, 0);
  if (s) return s->followed ? s : 0;
  if (t->pid == 0) return 0;
  if (in_workload(t)) return follow(t);
  if (!filter_cgroup_id) bpf_task_storage_get(&task_state, t, 0, BPF_LOCAL_STORAGE_GET_F_CREATE);
  return 0;
}

/* The state of a task already followed, or NULL: no filter. */
static __always_inline struct sl_task_state* state_of(struct task_struct* t) {
  struct sl_task_state* s = bpf_task_storage_get(&task_state, t, 0, 0);
  return s && s->followed ? s : 0;
}

/* Adds now - *start to histogram `kind` when *start was set, and clears it. */
static __always_inline void close_interval(__u32 kind, __u64* start, __u64 now) {
  struct sl_histogram* h;
  __u32 b;
  if (*start == 0 || now < *start) return;
  h = bpf_map_lookup_elem(&histograms, &kind);
  b = sl_bucket(now - *start);
  if (h && b < SL_BUCKETS) h->counts[b]++;
  *start = 0;
}

/* Task t of the workload reaches point `to`: the interval `kind` that
 * began at point `from` ends here (SL_HISTOGRAMS: none does). */
static __always_inline struct sl_task_state* reach(struct task_struct* t, __u32 kind, __u32 from, __u32 to) {
  struct sl_task_state* s = followed(t);
  __u64 now;
  if (!s) return 0;
  now = bpf_ktime_get_ns();
  if (kind < SL_HISTOGRAMS) close_interval(kind, &s->since[from], now);
  s->since[to] = now;
  return s;
}

SEC("tp_btf/sched_process_fork")
int BPF_PROG(sl_fork, struct task_struct* parent, struct task_struct* child) {
  __u32 tgid = (__u32)child->tgid;
  __u64 leader = (__u64)child;
  if (!filter_cgroup_id && child->pid == child->tgid && in_workload(parent))
    bpf_map_update_elem(&tree, &tgid, &leader, BPF_ANY);
  if (window_open) reach(child, SL_HISTOGRAMS, 0, SL_AT_FORK);
  return 0;
}

SEC("tp_btf/sched_process_exec")
int BPF_PROG(sl_exec, struct task_struct* p, pid_t old_pid, struct linux_binprm* bprm) {
  if (window_open) reach(p, SL_FORK_TO_EXEC, SL_AT_FORK, SL_AT_EXEC);
  return 0;
}

SEC("tp_btf/sched_process_exit")
int BPF_PROG(sl_exit, struct task_struct* p) {
  if (window_open) reach(p, SL_EXEC_TO_EXIT, SL_AT_EXEC, SL_AT_EXIT);
  return 0;
}

/* From an RCU callback after the reap: `current` is anyone. */
SEC("tp_btf/sched_process_free")
int BPF_PROG(sl_free, struct task_struct* p) {
  __u64 key = (__u64)p;
  __u32 tgid = (__u32)p->tgid;
  struct sl_task_state* s = state_of(p);
  __u64* leader;
  if (s) {
    if (window_open) close_interval(SL_EXIT_TO_FREE, &s->since[SL_AT_EXIT], bpf_ktime_get_ns());
    bpf_map_delete_elem(&tasks, &key);
  }
  if (filter_cgroup_id || p->pid != p->tgid) return 0;
  leader = bpf_map_lookup_elem(&tree, &tgid);
  if (leader && (*leader == 0 || *leader == key)) bpf_map_delete_elem(&tree, &tgid);
  return 0;
}

static __always_inline void woken(struct task_struct* p, bool is_new) {
  struct sl_counters* c;
  if (!window_open || !reach(p, SL_HISTOGRAMS, 0, SL_AT_WAKE)) return;
  c = my_counters();
  if (!c) return;
  if (is_new) c->wakeups_new++;
  else c->wakeups++;
}

SEC("tp_btf/sched_wakeup")
int BPF_PROG(sl_wakeup, struct task_struct* p) {
  woken(p, false);
  return 0;
}

SEC("tp_btf/sched_wakeup_new")
int BPF_PROG(sl_wakeup_new, struct task_struct* p) {
  woken(p, true);
  return 0;
}

/* Whether prev, switched out, blocks (sleeps) rather than being preempted
 * while runnable: only then is its time off the CPU a wait on something. */
static __always_inline bool blocks(bool preempt, struct task_struct* prev) {
  if (preempt) return false;
  if (bpf_core_field_exists(prev->__state)) return prev->__state != 0;
  return ((struct task_struct___pre514*)prev)->state != 0;
}

static __always_inline void count_offcpu_drop(void) {
  struct sl_counters* c = my_counters();
  if (c) c->offcpu_dropped++;
}

/* A task of the workload blocks: where (its kernel stack) and when. */
static __always_inline void switched_out(void* ctx, struct sl_task_state* s, __u64 now) {
  long id = bpf_get_stackid(ctx, &stacks, 0);
  if (id < 0) {
    count_offcpu_drop();
    return;
  }
  s->offcpu_stack = (__s32)id;
  s->since[SL_AT_OFFCPU] = now;
}

/* It runs again: its off-CPU time goes to the stack it blocked in. */
static __always_inline void switched_in(struct sl_task_state* s, __u64 now) {
  __u32 id = (__u32)s->offcpu_stack;
  __u64 start = s->since[SL_AT_OFFCPU];
  struct sl_offcpu* o;
  struct sl_offcpu first = {};
  if (start == 0 || now < start) return;
  s->since[SL_AT_OFFCPU] = 0;
  o = bpf_map_lookup_elem(&offcpu, &id);
  if (!o) {
    /* Added here, or meanwhile by another CPU: there either way, unless full. */
    bpf_map_update_elem(&offcpu, &id, &first, BPF_NOEXIST);
    o = bpf_map_lookup_elem(&offcpu, &id);
  }
  if (!o) {
    count_offcpu_drop();
    return;
  }
  o->total_ns += now - start;
  o->count++;
}

SEC("tp_btf/sched_switch")
int BPF_PROG(sl_switch, bool preempt, struct task_struct* prev, struct task_struct* next) {
  struct sl_task_state* s;
  __u64 now;
  if (!window_open) return 0;
  /* prev had a slice only if it was switched in while the window was
   * open, and then it has a state: a lookup, no filter. */
  s = state_of(prev);
  if (s) {
    now = bpf_ktime_get_ns();
    close_interval(SL_ONCPU_SLICE, &s->since[SL_AT_ONCPU], now);
    if (record_offcpu && blocks(preempt, prev)) switched_out(ctx, s, now);
  }
  s = reach(next, SL_RUNQ_LATENCY, SL_AT_WAKE, SL_AT_ONCPU);
  if (s && record_offcpu) switched_in(s, s->since[SL_AT_ONCPU]);
  return 0;
}

SEC("tp_btf/sched_migrate_task")
int BPF_PROG(sl_migrate, struct task_struct* p, int dest_cpu) {
  struct sl_counters* c;
  if (!window_open) return 0;
  if (!followed(p)) return 0;
  c = my_counters();
  if (c) c->migrations++;
  return 0;
}
