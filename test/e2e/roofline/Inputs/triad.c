/* STREAM-like triad over three arrays of n doubles, swept `sweeps` times in
 * one call: 2 n sweeps FLOPs, 24 n sweeps bytes at L1, but only 24 n distinct
 * bytes: the footprint, whatever the sweeps. Usage: triad N SWEEPS */
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) void triad(double *a, const double *b, const double *c, double s,
                                     long n, int sweeps) {
  for (int k = 0; k < sweeps; ++k)
    for (long i = 0; i < n; ++i)
      a[i] = b[i] + s * c[i];
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1000000;
  int sweeps = argc > 2 ? atoi(argv[2]) : 1;
  double *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b), *c = malloc(n * sizeof *c);
  if (!a || !b || !c)
    return 1;
  for (long i = 0; i < n; ++i) {
    b[i] = (double)i;
    c[i] = 2.0;
  }
  triad(a, b, c, 3.0, n, sweeps);
  printf("%g\n", a[n - 1]);
  return 0;
}
