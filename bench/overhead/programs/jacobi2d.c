/* jacobi-2d: 5-point Jacobi sweeps between two n x n grids. Usage: jacobi2d [n] [steps] */
#include "common.h"

__attribute__((noinline)) void jacobi2d(long steps, long n, double *A, double *B) {
  for (long t = 0; t < steps; ++t) {
    for (long i = 1; i < n - 1; ++i)
      for (long j = 1; j < n - 1; ++j)
        B[i * n + j] = 0.2 * (A[i * n + j] + A[i * n + j - 1] + A[i * n + j + 1] +
                              A[(i + 1) * n + j] + A[(i - 1) * n + j]);
    for (long i = 1; i < n - 1; ++i)
      for (long j = 1; j < n - 1; ++j)
        A[i * n + j] = 0.2 * (B[i * n + j] + B[i * n + j - 1] + B[i * n + j + 1] +
                              B[(i + 1) * n + j] + B[(i - 1) * n + j]);
  }
}

int main(int argc, char **argv) {
  long n = arg(argc, argv, 1, 1000), steps = arg(argc, argv, 2, 20);
  double *A = array(n * n), *B = array(n * n);
  jacobi2d(steps, n, A, B);
  printf("jacobi2d %g\n", checksum(A, n * n));
  return 0;
}
