/* 2mm: D = alpha A B C + beta D, all n x n, as tmp = alpha A B, then D = beta D + tmp C.
 * Usage: 2mm [n] [reps] */
#include "common.h"

__attribute__((noinline)) void mm2(long n, double alpha, double beta, double *tmp, const double *A,
                                   const double *B, const double *C, double *D) {
  for (long i = 0; i < n; ++i)
    for (long j = 0; j < n; ++j) {
      double s = 0.0;
      for (long k = 0; k < n; ++k)
        s += alpha * A[i * n + k] * B[k * n + j];
      tmp[i * n + j] = s;
    }
  for (long i = 0; i < n; ++i)
    for (long j = 0; j < n; ++j) {
      double s = D[i * n + j] * beta;
      for (long k = 0; k < n; ++k)
        s += tmp[i * n + k] * C[k * n + j];
      D[i * n + j] = s;
    }
}

int main(int argc, char **argv) {
  long n = arg(argc, argv, 1, 300), reps = arg(argc, argv, 2, 1);
  double *tmp = array(n * n), *A = array(n * n), *B = array(n * n), *C = array(n * n),
         *D = array(n * n);
  for (long r = 0; r < reps; ++r)
    mm2(n, 1.5, 1.2, tmp, A, B, C, D);
  printf("2mm %g\n", checksum(D, n * n));
  return 0;
}
