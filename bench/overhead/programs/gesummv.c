/* gesummv: y = alpha A x + beta B x (n x n). Usage: gesummv [n] [reps] */
#include "common.h"

__attribute__((noinline)) void gesummv(long n, double alpha, double beta, const double *A,
                                       const double *B, const double *x, double *y) {
  for (long i = 0; i < n; ++i) {
    double a = 0.0, b = 0.0;
    for (long j = 0; j < n; ++j) {
      a += A[i * n + j] * x[j];
      b += B[i * n + j] * x[j];
    }
    y[i] = alpha * a + beta * b;
  }
}

int main(int argc, char **argv) {
  long n = arg(argc, argv, 1, 2000), reps = arg(argc, argv, 2, 10);
  double *A = array(n * n), *B = array(n * n), *x = array(n), *y = array(n);
  for (long r = 0; r < reps; ++r)
    gesummv(n, 1.5, 1.2, A, B, x, y);
  printf("gesummv %g\n", checksum(y, n));
  return 0;
}
