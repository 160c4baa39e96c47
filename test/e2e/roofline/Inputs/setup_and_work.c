/* A hot region (work) and one with a negligible share of the run (setup,
 * a few hundred FLOPs at a rate far below everything else's): the region
 * that would stretch the roofline's y axis by decades.
 * Usage: setup_and_work N SWEEPS */
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) void setup(double *b, double *c, long n) {
  for (long i = 0; i < 256; ++i)
    c[i % n] = 2.0 * (double)i + 1.0;
  for (long i = 0; i < n; ++i)
    b[i] = 1.0;
}

__attribute__((noinline)) void work(double *a, const double *b, const double *c, long n,
                                    int sweeps) {
  for (int k = 0; k < sweeps; ++k)
    for (long i = 0; i < n; ++i)
      a[i] = b[i] + 3.0 * c[i];
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1000000;
  int sweeps = argc > 2 ? atoi(argv[2]) : 20;
  double *a = calloc(n, sizeof *a), *b = calloc(n, sizeof *b), *c = calloc(n, sizeof *c);
  if (!a || !b || !c)
    return 1;
  setup(b, c, n);
  work(a, b, c, n, sweeps);
  printf("%g\n", a[n - 1]);
  return 0;
}
