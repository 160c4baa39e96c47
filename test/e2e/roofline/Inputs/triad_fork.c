/* The triad before a fork, a smaller one in the child only: each process's
 * report has the footprint of what it touched itself (the child's starts
 * empty at the fork, like its other figures). Usage: triad_fork N */
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

__attribute__((noinline)) void triad(double *a, const double *b, const double *c, long n) {
  for (long i = 0; i < n; ++i)
    a[i] = b[i] + 3.0 * c[i];
}

__attribute__((noinline)) void child_triad(double *a, const double *b, const double *c, long n) {
  for (long i = 0; i < n; ++i)
    a[i] = b[i] + 2.0 * c[i];
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1000000;
  double *a = calloc(n, sizeof *a), *b = calloc(n, sizeof *b), *c = calloc(n, sizeof *c);
  if (!a || !b || !c)
    return 1;
  triad(a, b, c, n);
  pid_t child = fork();
  if (child == 0) {
    child_triad(a, b, c, n / 2);
    return 0;
  }
  int status = 0;
  waitpid(child, &status, 0);
  printf("%g\n", a[n - 1]);
  return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : 1;
}
