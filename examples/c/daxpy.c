/* daxpy: y = a*x + y over n doubles, repeated.
 * Analytic counts of daxpy() per call: 2n FLOPs (one multiply, one add, or one fused
 * multiply-add = 2), 16n bytes loaded (x[i], y[i]), 8n bytes stored (y[i]).
 * Usage: daxpy [n] [repetitions] */
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) void daxpy(long n, double a, const double *x, double *y) {
  for (long i = 0; i < n; ++i)
    y[i] = a * x[i] + y[i];
}

__attribute__((noinline)) static void fill(long n, double *v, double base) {
  for (long i = 0; i < n; ++i)
    v[i] = base + (double)(i % 7);
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1000000;
  long reps = argc > 2 ? atol(argv[2]) : 10;
  double *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
  if (!x || !y)
    return 1;
  fill(n, x, 1.0);
  fill(n, y, 2.0);
  for (long r = 0; r < reps; ++r)
    daxpy(n, 0.5, x, y);
  printf("daxpy: n=%ld reps=%ld y[n-1]=%g\n", n, reps, y[n - 1]);
  free(x);
  free(y);
  return 0;
}
