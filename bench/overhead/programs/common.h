/* Shared set-up of the overhead suite's PolyBench-like kernels: sizes from the command line, a
 * deterministic fill, and a checksum printed at the end so that the optimiser keeps the work. */
#ifndef OVERHEAD_COMMON_H
#define OVERHEAD_COMMON_H
#include <stdio.h>
#include <stdlib.h>

__attribute__((unused)) static long arg(int argc, char **argv, int i, long fallback) {
  return argc > i ? atol(argv[i]) : fallback;
}

__attribute__((unused)) static double *array(long count) {
  double *a = malloc(count * sizeof *a);
  if (!a) {
    fprintf(stderr, "out of memory\n");
    exit(1);
  }
  for (long i = 0; i < count; ++i)
    a[i] = (double)((i * 7 + 3) % 13) / 13.0;
  return a;
}

__attribute__((unused)) static double checksum(const double *a, long count) {
  double s = 0.0;
  for (long i = 0; i < count; ++i)
    s += a[i];
  return s;
}
#endif
