/* Reference for the harness-overhead benchmark: the plainest fork/_exit/
 * waitpid loop, timed with CLOCK_MONOTONIC for SECONDS; prints loops/s. */
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
  double seconds = argc > 1 ? atof(argv[1]) : 2.0;
  double start = now(), end = start + seconds, t;
  unsigned long loops = 0;
  while ((t = now()) < end) {
    pid_t pid = fork();
    if (pid == 0) _exit(0);
    if (pid < 0) return 1;
    int status;
    if (waitpid(pid, &status, 0) < 0 || status != 0) return 1;
    loops++;
  }
  printf("%.1f\n", (double)loops / (t - start));
  return 0;
}
