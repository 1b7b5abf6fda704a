/* UnixBench context1: two processes pass an 8-byte token over two pipes; each
 * side checks the value it receives.  One loop is one round trip.
 * Usage: context CPU_A CPU_B  (-1 = leave the affinity alone) */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "worker/common.h"

/* The partner: answers every token t with t + 1 until the pipe closes. */
static void partner(int in, int out, pid_t parent) {
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() != parent) _exit(1);
  uint64_t expect = 0, v;
  for (;;) {
    ssize_t n = read(in, &v, sizeof v);
    if (n == 0) _exit(0);
    if (n != (ssize_t)sizeof v) _exit(4);
    if (v != expect) _exit(3);
    v++;
    if (write(out, &v, sizeof v) != (ssize_t)sizeof v) _exit(4);
    expect += 2;
  }
}

static void pin_or_fail(struct sl_run *run, pid_t pid, int cpu) {
  if (cpu < 0) return;
  int err = sl_pin(pid, cpu);
  if (err != 0) sl_fail(run, SL_FAIL_SETUP, err, cpu);
}

int sl_context_loop(struct sl_run *run, int argc, char **argv) {
  if (argc < 2) return 2;
  int cpu_a = argv[0][0] == '-' ? -1 : (int)sl_parse_num(argv[0]);
  int cpu_b = argv[1][0] == '-' ? -1 : (int)sl_parse_num(argv[1]);
  int to_partner[2], from_partner[2];
  if (pipe(to_partner) != 0 || pipe(from_partner) != 0) sl_fail(run, SL_FAIL_PIPE, errno, 0);
  pin_or_fail(run, 0, cpu_a);
  pid_t me = getpid();
  pid_t pid = fork();
  if (pid == 0) {
    close(to_partner[1]);
    close(from_partner[0]);
    partner(to_partner[0], from_partner[1], me);
  }
  if (pid < 0) sl_fail(run, SL_FAIL_FORK, errno, 0);
  close(to_partner[0]);
  close(from_partner[1]);
  pin_or_fail(run, pid, cpu_b); /* before READY, so the harness reads it back */
  run->slot->partner_pid = pid;

  sl_barrier(run);
  uint64_t token = 0, got;
  while (sl_continue(run)) {
    if (write(to_partner[1], &token, sizeof token) != (ssize_t)sizeof token)
      sl_fail(run, SL_FAIL_PIPE, errno, 0);
    if (read(from_partner[0], &got, sizeof got) != (ssize_t)sizeof got)
      sl_fail(run, SL_FAIL_PIPE, errno, 0);
    if (got != token + 1) sl_fail(run, SL_FAIL_TOKEN, 0, (int)got);
    token += 2;
    sl_count(run);
  }
  close(to_partner[1]); /* the partner sees EOF and leaves */
  int status;
  if (waitpid(pid, &status, 0) < 0) sl_fail(run, SL_FAIL_WAIT, errno, 0);
  sl_check_status(run, status);
  sl_finish(run);
  return 0;
}
