/* Processes a copy leaves behind, killed: the subreaper modes (command,
 * looper) inherit every orphan of what they run, so a walk of their own
 * children finds everything still alive, whatever session or process group
 * it moved to (a daemon's setsid escapes a process-group kill). */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "worker/common.h"

enum { kMaxBatch = 256 };

struct child {
  pid_t pid, pgid;
  char comm[16];
};

/* Reads pid, comm and process group from /proc/PID/stat when its parent is
 * `parent`; the comm may hold spaces and parentheses, so it ends at the last ')'. */
static int child_of(pid_t pid, pid_t parent, struct child *out) {
  char path[64], text[512];
  snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
  FILE *f = fopen(path, "r");
  if (!f) return 0;
  const size_t n = fread(text, 1, sizeof text - 1, f);
  fclose(f);
  text[n] = '\0';
  char *open = strchr(text, '('), *close = strrchr(text, ')');
  int ppid = 0, pgid = 0;
  char state;
  if (!open || !close || close < open || sscanf(close + 1, " %c %d %d", &state, &ppid, &pgid) != 3 ||
      ppid != parent || state == 'Z') /* a zombie is dead already: the next wait reaps it */
    return 0;
  const size_t len = (size_t)(close - open - 1) < sizeof out->comm - 1 ? (size_t)(close - open - 1)
                                                                        : sizeof out->comm - 1;
  memcpy(out->comm, open + 1, len);
  out->comm[len] = '\0';
  out->pid = pid;
  out->pgid = pgid;
  return 1;
}

/* This process's children now, at most `max`. */
static int list_children(struct child *out, int max) {
  DIR *proc = opendir("/proc");
  if (!proc) return 0;
  const pid_t self = getpid();
  int n = 0;
  for (struct dirent *e; n < max && (e = readdir(proc));) {
    char *end;
    const long pid = strtol(e->d_name, &end, 10);
    if (*end == '\0' && pid > 0 && child_of((pid_t)pid, self, &out[n])) n++;
  }
  closedir(proc);
  return n;
}

static void note_killed(struct sl_copy_slot *slot, const struct child *c) {
  const uint64_t k = slot->leftovers_killed++;
  if (k < SL_LEFTOVER_NAMES) memcpy(slot->leftover_names[k], c->comm, sizeof c->comm);
}

/* A child's pid stays ours until we reap it, so killing by pid cannot hit a
 * stranger; the children of one we kill come back to us for the next pass. */
void sl_kill_leftovers(struct sl_run *run, pid_t expected_pgid) {
  struct child batch[kMaxBatch];
  for (;;) {
    while (waitpid(-1, NULL, WNOHANG) > 0) {
    }
    const int n = list_children(batch, kMaxBatch);
    if (n == 0) {
      const pid_t r = waitpid(-1, NULL, WNOHANG);
      if (r < 0 && errno == ECHILD) return;
      if (r == 0) usleep(1000); /* one was born or died between the walk and the wait */
      continue;
    }
    for (int i = 0; i < n; i++) {
      if (batch[i].pgid != expected_pgid) note_killed(run->slot, &batch[i]);
      kill(batch[i].pid, SIGKILL);
    }
    for (int i = 0; i < n; i++) waitpid(batch[i].pid, NULL, 0);
  }
}
