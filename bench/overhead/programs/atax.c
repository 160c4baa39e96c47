/* atax: y = A^T (A x), A is m x n. Usage: atax [n] [reps] (m = n) */
#include "common.h"

__attribute__((noinline)) void atax(long m, long n, const double *A, const double *x, double *y,
                                    double *tmp) {
  for (long j = 0; j < n; ++j)
    y[j] = 0.0;
  for (long i = 0; i < m; ++i) {
    double t = 0.0;
    for (long j = 0; j < n; ++j)
      t += A[i * n + j] * x[j];
    tmp[i] = t;
    for (long j = 0; j < n; ++j)
      y[j] += A[i * n + j] * t;
  }
}

int main(int argc, char **argv) {
  long n = arg(argc, argv, 1, 2000), reps = arg(argc, argv, 2, 10);
  double *A = array(n * n), *x = array(n), *y = array(n), *tmp = array(n);
  for (long r = 0; r < reps; ++r)
    atax(n, n, A, x, y, tmp);
  printf("atax %g\n", checksum(y, n));
  return 0;
}
