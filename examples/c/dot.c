/* Dot product s = sum x[i]*y[i].
 * Analytic counts of dot() per call: 2n FLOPs, 16n bytes loaded, nothing stored.
 * Usage: dot [n] [repetitions] */
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) double dot(long n, const double *x, const double *y) {
  double s = 0.0;
  for (long i = 0; i < n; ++i)
    s += x[i] * y[i];
  return s;
}

__attribute__((noinline)) static void fill(long n, double *v, double base) {
  for (long i = 0; i < n; ++i)
    v[i] = base + (double)(i % 5);
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1000000;
  long reps = argc > 2 ? atol(argv[2]) : 10;
  double *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
  if (!x || !y)
    return 1;
  fill(n, x, 1.0);
  fill(n, y, 0.5);
  double total = 0.0;
  for (long r = 0; r < reps; ++r) {
    total += dot(n, x, y);
    x[r % n] += 1.0; /* new input each time, so the optimiser cannot fold the repeated calls */
  }
  printf("dot: n=%ld reps=%ld total=%g\n", n, reps, total);
  free(x);
  free(y);
  return 0;
}
