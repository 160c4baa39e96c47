/* heat-3d: 7-point heat equation steps between two n^3 grids. Usage: heat3d [n] [steps] */
#include "common.h"

#define AT(G, i, j, k) G[((i) * n + (j)) * n + (k)]

__attribute__((noinline)) static void step(long n, const double *A, double *B) {
  for (long i = 1; i < n - 1; ++i)
    for (long j = 1; j < n - 1; ++j)
      for (long k = 1; k < n - 1; ++k)
        AT(B, i, j, k) = 0.125 * (AT(A, i + 1, j, k) - 2.0 * AT(A, i, j, k) + AT(A, i - 1, j, k)) +
                         0.125 * (AT(A, i, j + 1, k) - 2.0 * AT(A, i, j, k) + AT(A, i, j - 1, k)) +
                         0.125 * (AT(A, i, j, k + 1) - 2.0 * AT(A, i, j, k) + AT(A, i, j, k - 1)) +
                         AT(A, i, j, k);
}

int main(int argc, char **argv) {
  long n = arg(argc, argv, 1, 120), steps = arg(argc, argv, 2, 20);
  double *A = array(n * n * n), *B = array(n * n * n);
  for (long t = 0; t < steps; ++t) {
    step(n, A, B);
    step(n, B, A);
  }
  printf("heat3d %g\n", checksum(A, n * n * n));
  return 0;
}
