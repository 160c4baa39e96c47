/* mvt: x1 += A y1 and x2 += A^T y2 (n x n). Usage: mvt [n] [reps] */
#include "common.h"

__attribute__((noinline)) void mvt(long n, const double *A, double *x1, double *x2,
                                   const double *y1, const double *y2) {
  for (long i = 0; i < n; ++i)
    for (long j = 0; j < n; ++j)
      x1[i] += A[i * n + j] * y1[j];
  for (long i = 0; i < n; ++i)
    for (long j = 0; j < n; ++j)
      x2[i] += A[j * n + i] * y2[j];
}

int main(int argc, char **argv) {
  long n = arg(argc, argv, 1, 2000), reps = arg(argc, argv, 2, 10);
  double *A = array(n * n), *x1 = array(n), *x2 = array(n), *y1 = array(n), *y2 = array(n);
  for (long r = 0; r < reps; ++r)
    mvt(n, A, x1, x2, y1, y2);
  printf("mvt %g %g\n", checksum(x1, n), checksum(x2, n));
  return 0;
}
