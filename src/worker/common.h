/* Helpers shared by every loop of the lean worker.  Nothing here allocates:
 * the worker must stay a small, single-threaded process. */
#ifndef SCHEDLAB_WORKER_COMMON_H
#define SCHEDLAB_WORKER_COMMON_H

#include <stdint.h>
#include <sys/types.h>

#include "channel/protocol.h"

struct sl_run {
  struct sl_shared_header *hdr;
  struct sl_copy_slot *slot;
  const struct sl_mode_layout *layout;
  uint64_t loops;   /* mirror of slot->loops, kept locally to avoid re-reading */
  int measuring;    /* the window has begun: the rusage baseline is taken */
  uint64_t measure_base; /* loops when the window began */
  const char *self;      /* this program's path and the slot argument, for execl's re-exec */
  const char *slot_arg;
};

/* Maps the channel (SL_SHARED_FD), checks that it was laid out for `mode`
 * and finds slot `index`; fd 3 becomes close-on-exec, so no program the
 * copy execs inherits it.  Exits with status 2 when the region or index is
 * unusable.  `self` is this program's path (argv[0]). */
void sl_attach(struct sl_run *run, enum sl_mode mode, const char *index, const char *self);

/* Marks the copy ready, wakes the harness and sleeps until released. */
void sl_barrier(struct sl_run *run);

/* Called before every loop: notes the start of the measurement window (takes
 * the rusage baseline) and returns 0 when the copy must stop: the harness
 * said so, or, in an iteration-bound run, the copy has done its loops. */
int sl_continue(struct sl_run *run);

/* Takes the rusage baseline now (the copy's own window begins). */
void sl_begin_window(struct sl_run *run);

/* Publishes the number of loops completed so far. */
static inline void sl_publish(struct sl_run *run, uint64_t loops) {
  run->loops = loops;
  __atomic_store_n(&run->slot->loops, loops, __ATOMIC_RELAXED);
}

/* Called after every completed loop. */
static inline void sl_count(struct sl_run *run) { sl_publish(run, run->loops + 1); }

/* Records the end of the copy's window: the rusage delta and loops up to
 * now, and `end_ns` (CLOCK_MONOTONIC) as its end time. */
void sl_end_window_at(struct sl_run *run, uint64_t end_ns);
/* Ends the window if still open and marks the copy DONE. */
void sl_finish(struct sl_run *run);

/* Records why the copy failed and exits with status 1. */
void sl_fail(struct sl_run *run, int op, int err, int detail) __attribute__((noreturn));

/* Refuses the mode's arguments or configuration: says what to stderr and
 * fails the copy with SL_FAIL_CONFIG and `problem` (enum sl_config_problem). */
void sl_fail_config(struct sl_run *run, int problem, const char *what) __attribute__((noreturn));

/* Records an exec failure from inside a forked or vforked child and leaves
 * with _exit(127); safe between fork and exec. */
void sl_fail_in_child(struct sl_copy_slot *slot, int err) __attribute__((noreturn));

/* Checks a reaped child's status; a failure already recorded by the child
 * (exec failure) or a bad status ends the copy. */
void sl_check_status(struct sl_run *run, int status);

uint64_t sl_now_ns(void);
/* Parses a non-negative decimal; exits with status 2 on junk. */
long long sl_parse_num(const char *text);
/* Pins the calling process (pid 0) or `pid` to one CPU; returns 0 or errno. */
int sl_pin(pid_t pid, int cpu);

/* SIGKILLs and reaps every child this (subreaper) process still has, and
 * their children as they come back to it, until none is left.  Each one
 * killed outside process group `expected_pgid` (0: none expected) is
 * counted in the slot's leftovers_killed, its comm noted. */
void sl_kill_leftovers(struct sl_run *run, pid_t expected_pgid);

/* Clears close-on-exec on fd 3 for the worker's own re-exec (execl). */
void sl_keep_channel_across_exec(void);

#endif
