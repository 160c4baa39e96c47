/* syrk: C = alpha A A^T + beta C on the lower triangle, A is n x m. Usage: syrk [n] [reps] (m = n) */
#include "common.h"

__attribute__((noinline)) void syrk(long n, long m, double alpha, double beta, double *C,
                                    const double *A) {
  for (long i = 0; i < n; ++i) {
    for (long j = 0; j <= i; ++j)
      C[i * n + j] *= beta;
    for (long k = 0; k < m; ++k)
      for (long j = 0; j <= i; ++j)
        C[i * n + j] += alpha * A[i * m + k] * A[j * m + k];
  }
}

int main(int argc, char **argv) {
  long n = arg(argc, argv, 1, 400), reps = arg(argc, argv, 2, 1);
  double *A = array(n * n), *C = array(n * n);
  for (long r = 0; r < reps; ++r)
    syrk(n, n, 1.5, 1.2, C, A);
  printf("syrk %g\n", checksum(C, n * n));
  return 0;
}
