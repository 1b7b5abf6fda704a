#define _GNU_SOURCE
#include "worker/common.h"

#include <errno.h>
#include <limits.h>
#include <linux/futex.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static long futex(uint32_t *word, int op, uint32_t val) {
  return syscall(SYS_futex, word, op, val, NULL, NULL, 0);
}

uint64_t sl_now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

long long sl_parse_num(const char *text) {
  char *end = NULL;
  errno = 0;
  long long v = strtoll(text, &end, 10);
  if (errno != 0 || end == text || *end != '\0' || v < 0) {
    fprintf(stderr, "schedlab-worker: bad number '%s'\n", text);
    exit(2);
  }
  return v;
}

int sl_pin(pid_t pid, int cpu) {
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET(cpu, &set);
  return sched_setaffinity(pid, sizeof set, &set) == 0 ? 0 : errno;
}

void sl_attach(struct sl_run *run, const char *index) {
  struct stat st;
  if (fstat(SL_SHARED_FD, &st) != 0 || (size_t)st.st_size < sizeof(struct sl_shared_header)) {
    fprintf(stderr, "schedlab-worker: no shared region on fd %d (run me through schedlab)\n",
            SL_SHARED_FD);
    exit(2);
  }
  void *p = mmap(NULL, (size_t)st.st_size, PROT_READ | PROT_WRITE, MAP_SHARED, SL_SHARED_FD, 0);
  if (p == MAP_FAILED) {
    perror("schedlab-worker: mmap");
    exit(2);
  }
  run->shared = p;
  long long i = sl_parse_num(index);
  if (run->shared->hdr.version != SL_PROTOCOL_VERSION || i >= run->shared->hdr.ncopies) {
    fprintf(stderr, "schedlab-worker: protocol mismatch or slot %lld out of range\n", i);
    exit(2);
  }
  run->slot = &run->shared->slot[i];
  run->loops = __atomic_load_n(&run->slot->loops, __ATOMIC_RELAXED);
  run->measuring = 0;
  run->measure_base = 0;
}

void sl_barrier(struct sl_run *run) {
  struct sl_shared_header *hdr = &run->shared->hdr;
  __atomic_store_n(&run->slot->state, SL_COPY_READY, __ATOMIC_RELEASE);
  __atomic_add_fetch(&hdr->ready, 1, __ATOMIC_RELEASE);
  futex(&hdr->ready, FUTEX_WAKE, INT_MAX);
  while (__atomic_load_n(&hdr->phase, __ATOMIC_ACQUIRE) == SL_PHASE_HOLD)
    futex(&hdr->phase, FUTEX_WAIT, SL_PHASE_HOLD);
  run->slot->start_ns = sl_now_ns();
  __atomic_store_n(&run->slot->state, SL_COPY_RUNNING, __ATOMIC_RELEASE);
}

static int64_t tv_us(struct timeval tv) { return (int64_t)tv.tv_sec * 1000000 + tv.tv_usec; }

/* Sum of the copy's own usage and that of its reaped children. */
static void usage_now(int64_t out[SL_USAGE_COUNT]) {
  struct rusage self, kids;
  getrusage(RUSAGE_SELF, &self);
  getrusage(RUSAGE_CHILDREN, &kids);
  out[SL_USAGE_UTIME_US] = tv_us(self.ru_utime) + tv_us(kids.ru_utime);
  out[SL_USAGE_STIME_US] = tv_us(self.ru_stime) + tv_us(kids.ru_stime);
  out[SL_USAGE_NVCSW] = self.ru_nvcsw + kids.ru_nvcsw;
  out[SL_USAGE_NIVCSW] = self.ru_nivcsw + kids.ru_nivcsw;
  out[SL_USAGE_MINFLT] = self.ru_minflt + kids.ru_minflt;
  out[SL_USAGE_MAJFLT] = self.ru_majflt + kids.ru_majflt;
  out[SL_USAGE_MAXRSS_KB] = self.ru_maxrss > kids.ru_maxrss ? self.ru_maxrss : kids.ru_maxrss;
}

int sl_continue(struct sl_run *run) {
  uint32_t phase = __atomic_load_n(&run->shared->hdr.phase, __ATOMIC_RELAXED);
  if (phase >= SL_PHASE_MEASURE && !run->measuring) {
    run->measuring = 1;
    run->measure_base = run->loops;
    usage_now(run->slot->usage); /* baseline; replaced by the delta at the end */
  }
  return phase != SL_PHASE_STOP;
}

void sl_finish(struct sl_run *run) { sl_finish_at(run, sl_now_ns()); }

void sl_finish_at(struct sl_run *run, uint64_t end_ns) {
  int64_t now[SL_USAGE_COUNT];
  int64_t *f = run->slot->usage;
  usage_now(now);
  for (int i = 0; i < SL_USAGE_MAXRSS_KB; i++) f[i] = run->measuring ? now[i] - f[i] : 0;
  f[SL_USAGE_MAXRSS_KB] = now[SL_USAGE_MAXRSS_KB];
  run->slot->end_ns = end_ns;
  __atomic_store_n(&run->slot->state, SL_COPY_DONE, __ATOMIC_RELEASE);
}

void sl_fail(struct sl_run *run, int op, int err, int detail) {
  run->slot->end_ns = sl_now_ns();
  run->slot->fail_op = op;
  run->slot->fail_errno = err;
  run->slot->fail_detail = detail;
  __atomic_store_n(&run->slot->state, SL_COPY_FAILED, __ATOMIC_RELEASE);
  exit(1);
}

void sl_fail_in_child(struct sl_copy_slot *slot, int err) {
  slot->fail_op = SL_FAIL_EXEC;
  slot->fail_errno = err;
  __atomic_store_n(&slot->state, SL_COPY_FAILED, __ATOMIC_RELEASE);
  _exit(127);
}

void sl_check_status(struct sl_run *run, int status) {
  if (status == 0) return;
  if (__atomic_load_n(&run->slot->state, __ATOMIC_ACQUIRE) == SL_COPY_FAILED) exit(1);
  sl_fail(run, SL_FAIL_STATUS, 0, status);
}
