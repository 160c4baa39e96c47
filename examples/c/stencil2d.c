/* 2-D Jacobi 5-point stencil on an n x n grid, interior points only.
 * Analytic counts of stencil() per call, with m = (n-2)^2 interior points:
 * 5m FLOPs (four adds, one multiply), 40m bytes loaded (five neighbours), 8m bytes stored.
 * Usage: stencil2d [n] [sweeps] */
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) void stencil(long n, const double *in, double *out) {
  for (long i = 1; i < n - 1; ++i)
    for (long j = 1; j < n - 1; ++j)
      out[i * n + j] = 0.2 * (in[i * n + j] + in[(i - 1) * n + j] + in[(i + 1) * n + j] +
                              in[i * n + j - 1] + in[i * n + j + 1]);
}

__attribute__((noinline)) static void fill(long count, double *v) {
  for (long i = 0; i < count; ++i)
    v[i] = (double)(i % 11);
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 512;
  long sweeps = argc > 2 ? atol(argv[2]) : 10;
  double *a = malloc(n * n * sizeof *a), *b = malloc(n * n * sizeof *b);
  if (!a || !b)
    return 1;
  fill(n * n, a);
  fill(n * n, b);
  for (long s = 0; s < sweeps; ++s) {
    stencil(n, a, b);
    double *t = a;
    a = b;
    b = t;
  }
  printf("stencil2d: n=%ld sweeps=%ld centre=%g\n", n, sweeps, a[(n / 2) * n + n / 2]);
  free(a);
  free(b);
  return 0;
}
