/* Reference for the harness-overhead benchmark: fork + execve PROGRAM +
 * waitpid, N times; prints microseconds per exec. */
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 2000;
  char *program = argc > 2 ? argv[2] : "/bin/true";
  char *child_argv[] = {program, NULL};
  double start = now();
  for (long i = 0; i < n; i++) {
    pid_t pid = fork();
    if (pid == 0) {
      execve(program, child_argv, environ);
      _exit(127);
    }
    if (pid < 0) return 1;
    int status;
    if (waitpid(pid, &status, 0) < 0 || status != 0) return 1;
  }
  printf("%.3f\n", (now() - start) / (double)n * 1e6);
  return 0;
}
