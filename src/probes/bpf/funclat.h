/* The contract between the funclat BPF program (funclat.bpf.c) and the
 * bpf-funclat probe (bpf_funclat_probe.cpp): which kernel functions are
 * timed, in the order of the histogram map's entries.  The histograms are
 * lifecycle.h's (log-linear, ns). */
#ifndef SCHEDLAB_PROBES_BPF_FUNCLAT_H
#define SCHEDLAB_PROBES_BPF_FUNCLAT_H

enum fl_function {
  FL_SCHED_MOVE_TASK = 0, /* sched_move_task: a task changes task group (autogroup's exit path) */
  FL_PSI_GROUP_CHANGE,    /* psi_group_change: PSI's accounting at each task state change */
  FL_FUNCTIONS
};

/* Calls in flight at once (a start time each, by task and function). */
#define FL_MAX_IN_FLIGHT 8192u

#endif
