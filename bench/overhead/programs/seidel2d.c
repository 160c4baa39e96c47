/* seidel-2d: 9-point Gauss-Seidel sweeps in place on an n x n grid (a loop-carried dependence:
 * not vectorisable). Usage: seidel2d [n] [steps] */
#include "common.h"

__attribute__((noinline)) void seidel2d(long steps, long n, double *A) {
  for (long t = 0; t < steps; ++t)
    for (long i = 1; i < n - 1; ++i)
      for (long j = 1; j < n - 1; ++j)
        A[i * n + j] = (A[(i - 1) * n + j - 1] + A[(i - 1) * n + j] + A[(i - 1) * n + j + 1] +
                        A[i * n + j - 1] + A[i * n + j] + A[i * n + j + 1] +
                        A[(i + 1) * n + j - 1] + A[(i + 1) * n + j] + A[(i + 1) * n + j + 1]) /
                       9.0;
}

int main(int argc, char **argv) {
  long n = arg(argc, argv, 1, 1000), steps = arg(argc, argv, 2, 5);
  double *A = array(n * n);
  seidel2d(steps, n, A);
  printf("seidel2d %g\n", checksum(A, n * n));
  return 0;
}
