// A program whose measured figures are noisy (sampled CPU time) while its work is fixed: a hot
// function, a cold one too small to measure, and main. -DWORK_PERCENT=130 gives the hot function
// 30% more work, the regression a gate must catch.
#include <stdio.h>
#include <stdlib.h>

#ifndef WORK_PERCENT
#define WORK_PERCENT 100
#endif

__attribute__((noinline)) static double hot(const double *x, long n, long rounds) {
  double sum = 0.0;
  for (long r = 0; r < rounds * WORK_PERCENT / 100; ++r)
    for (long i = 0; i < n; ++i)
      sum += x[i] * 1.0000001 + sum * 1e-9;
  return sum;
}

__attribute__((noinline)) static double cold(const double *x, long n) {
  double m = 0.0;
  for (long i = 0; i < n; ++i)
    m = x[i] > m ? x[i] : m;
  return m;
}

int main(int argc, char **argv) {
  long rounds = argc > 1 ? atol(argv[1]) : 100;
  long n = 4096;
  double *x = malloc(n * sizeof *x);
  for (long i = 0; i < n; ++i)
    x[i] = (double)(i % 97) / 97.0;
  printf("%g %g\n", hot(x, n, rounds), cold(x, n));
  free(x);
  return 0;
}
