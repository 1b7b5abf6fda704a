/* UnixBench context1: two processes pass an 8-byte token over two pipes; each
 * side checks the value it receives.  One loop is one round trip.
 * Usage: context CPU_A CPU_B  (-1 = leave the affinity alone) */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "worker/common.h"
#include "worker/mode_ops.h"

static int to_partner[2], from_partner[2];
static pid_t partner_pid;

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

static int cpu_arg(const char *text) { return strcmp(text, "-1") == 0 ? -1 : (int)sl_parse_num(text); }

static void context_setup(struct sl_run *run, int argc, char **argv) {
  if (argc != 2) sl_fail_config(run, SL_CONFIG_ARGS, "usage: context CPU_A CPU_B");
  const int cpu_a = cpu_arg(argv[0]), cpu_b = cpu_arg(argv[1]);
  if (pipe(to_partner) != 0 || pipe(from_partner) != 0) sl_fail(run, SL_FAIL_PIPE, errno, 0);
  pin_or_fail(run, 0, cpu_a);
  pid_t me = getpid();
  partner_pid = fork();
  if (partner_pid == 0) {
    close(to_partner[1]);
    close(from_partner[0]);
    partner(to_partner[0], from_partner[1], me);
  }
  if (partner_pid < 0) sl_fail(run, SL_FAIL_FORK, errno, 0);
  close(to_partner[0]);
  close(from_partner[1]);
  pin_or_fail(run, partner_pid, cpu_b); /* before READY, so the harness reads it back */
  run->slot->partner_pid = partner_pid;
}

static void context_loop(struct sl_run *run) {
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
}

/* The partner sees EOF and leaves; its status says whether it saw every token. */
static void context_report(struct sl_run *run) {
  close(to_partner[1]);
  int status;
  if (waitpid(partner_pid, &status, 0) < 0) sl_fail(run, SL_FAIL_WAIT, errno, 0);
  sl_check_status(run, status);
}

const struct sl_mode_ops sl_context_ops = {SL_CHANNEL_VERSION, "context", context_setup, context_loop,
                                           context_report};
