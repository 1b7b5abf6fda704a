/* The bpf-funclat probe's kernel half: the latency of named kernel
 * functions (funclat.h), from an fentry program at each function's entry
 * and an fexit program at its return (BPF trampolines: no kprobe), into
 * per-CPU log-linear histograms read once after the run.  Every call of
 * the machine counts while the window is open (`window_open`), not only
 * the workload's: these functions run on behalf of whichever task the
 * scheduler is handling, often not `current`. */
#include "probes/bpf/kernel_types.h"

#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

#include "probes/bpf/funclat.h"
#include "probes/bpf/lifecycle.h"

/* fentry/fexit programs must declare a GPL-compatible license. */
char LICENSE[] SEC("license") = "Dual BSD/GPL";

__u32 window_open = 0;

struct fl_call {
  __u64 task; /* the calling task_struct's address */
  __u32 function;
  __u32 pad;
};

/* A call in flight -> its entry time. */
struct {
  __uint(type, BPF_MAP_TYPE_HASH);
  __uint(max_entries, FL_MAX_IN_FLIGHT);
  __type(key, struct fl_call);
  __type(value, __u64);
} starts SEC(".maps");

struct {
  __uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
  __uint(max_entries, FL_FUNCTIONS);
  __type(key, __u32);
  __type(value, struct sl_histogram);
} histograms SEC(".maps");

static __always_inline void entered(__u32 function) {
  struct fl_call call = {bpf_get_current_task(), function, 0};
  __u64 now;
  if (!window_open) return;
  now = bpf_ktime_get_ns();
  bpf_map_update_elem(&starts, &call, &now, BPF_ANY);
}

static __always_inline void returned(__u32 function) {
  struct fl_call call = {bpf_get_current_task(), function, 0};
  __u64 now = bpf_ktime_get_ns();
  __u64* start = bpf_map_lookup_elem(&starts, &call);
  struct sl_histogram* h;
  __u32 b;
  if (!start) return;
  h = bpf_map_lookup_elem(&histograms, &function);
  b = now >= *start ? sl_bucket(now - *start) : SL_BUCKETS;
  if (h && b < SL_BUCKETS && window_open) h->counts[b]++;
  bpf_map_delete_elem(&starts, &call);
}

SEC("fentry/sched_move_task")
int BPF_PROG(fl_move_task_entry) {
  entered(FL_SCHED_MOVE_TASK);
  return 0;
}

SEC("fexit/sched_move_task")
int BPF_PROG(fl_move_task_exit) {
  returned(FL_SCHED_MOVE_TASK);
  return 0;
}

SEC("fentry/psi_group_change")
int BPF_PROG(fl_psi_entry) {
  entered(FL_PSI_GROUP_CHANGE);
  return 0;
}

SEC("fexit/psi_group_change")
int BPF_PROG(fl_psi_exit) {
  returned(FL_PSI_GROUP_CHANGE);
  return 0;
}
