#define _GNU_SOURCE
#include "worker/common.h"
#include "worker/mode_ops.h"

#include <errno.h>
#include <fcntl.h>
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

void sl_attach(struct sl_run *run, enum sl_mode mode, const char *index, const char *self) {
  struct stat st;
  if (fstat(SL_SHARED_FD, &st) != 0 || (size_t)st.st_size < sizeof(struct sl_shared_header)) {
    fprintf(stderr, "schedlab-worker: no channel on fd %d (run me through schedlab)\n",
            SL_SHARED_FD);
    exit(2);
  }
  void *p = mmap(NULL, (size_t)st.st_size, PROT_READ | PROT_WRITE, MAP_SHARED, SL_SHARED_FD, 0);
  if (p == MAP_FAILED) {
    perror("schedlab-worker: mmap");
    exit(2);
  }
  fcntl(SL_SHARED_FD, F_SETFD, FD_CLOEXEC); /* the mapping stays; exec'd programs get no fd 3 */
  run->hdr = p;
  long long i = sl_parse_num(index);
  if (run->hdr->version != SL_CHANNEL_VERSION || run->hdr->mode != (uint32_t)mode ||
      i >= run->hdr->ncopies ||
      (uint64_t)st.st_size < sizeof *run->hdr + (uint64_t)(i + 1) * run->hdr->copy_bytes) {
    fprintf(stderr, "schedlab-worker: channel mismatch (version, mode or slot %lld)\n", i);
    exit(2);
  }
  run->slot = sl_slot_at(p, run->hdr, (uint32_t)i);
  run->layout = &sl_mode_table[mode];
  run->loops = __atomic_load_n(&run->slot->loops, __ATOMIC_RELAXED);
  run->measuring = run->slot->usage_begin_ns != 0; /* execl: an earlier image began it */
  run->measure_base = run->slot->measure_base;
  run->self = self;
  run->slot_arg = index;
}

void sl_keep_channel_across_exec(void) { fcntl(SL_SHARED_FD, F_SETFD, 0); }

void sl_barrier(struct sl_run *run) {
  struct sl_shared_header *hdr = run->hdr;
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

void sl_begin_window(struct sl_run *run) {
  run->measuring = 1;
  run->measure_base = run->loops;
  run->slot->measure_base = run->loops;
  usage_now(run->slot->usage); /* baseline; replaced by the delta at the end */
  run->slot->usage_begin_ns = sl_now_ns();
}

int sl_continue(struct sl_run *run) {
  uint32_t phase = __atomic_load_n(&run->hdr->phase, __ATOMIC_RELAXED);
  if (phase >= SL_PHASE_MEASURE && !run->measuring) sl_begin_window(run);
  if (phase == SL_PHASE_STOP) return 0;
  return run->hdr->stop_mode != SL_STOP_ITERATIONS || !run->measuring ||
         run->loops - run->measure_base < run->hdr->iterations;
}

void sl_end_window_at(struct sl_run *run, uint64_t end_ns) {
  int64_t now[SL_USAGE_COUNT];
  int64_t *f = run->slot->usage;
  usage_now(now);
  for (int i = 0; i < SL_USAGE_MAXRSS_KB; i++) f[i] = run->measuring ? now[i] - f[i] : 0;
  f[SL_USAGE_MAXRSS_KB] = now[SL_USAGE_MAXRSS_KB];
  run->slot->usage_end_ns = run->measuring ? end_ns : 0;
  run->slot->usage_loops = run->measuring ? run->loops - run->measure_base : 0;
}

void sl_finish(struct sl_run *run) {
  if (run->slot->usage_end_ns == 0) sl_end_window_at(run, sl_now_ns());
  run->slot->end_ns = sl_now_ns();
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

void sl_fail_config(struct sl_run *run, int problem, const char *what) {
  fprintf(stderr, "schedlab-worker: %s: %s\n", run->layout->name, what);
  sl_fail(run, SL_FAIL_CONFIG, EINVAL, problem);
}

void sl_report_nothing(struct sl_run *run) { (void)run; }

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
