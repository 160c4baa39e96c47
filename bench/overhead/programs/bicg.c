/* bicg: s = A^T r and q = A p in one sweep over A (n x n). Usage: bicg [n] [reps] */
#include "common.h"

__attribute__((noinline)) void bicg(long n, const double *A, const double *r, const double *p,
                                    double *s, double *q) {
  for (long j = 0; j < n; ++j)
    s[j] = 0.0;
  for (long i = 0; i < n; ++i) {
    double qi = 0.0;
    for (long j = 0; j < n; ++j) {
      s[j] += r[i] * A[i * n + j];
      qi += A[i * n + j] * p[j];
    }
    q[i] = qi;
  }
}

int main(int argc, char **argv) {
  long n = arg(argc, argv, 1, 2000), reps = arg(argc, argv, 2, 10);
  double *A = array(n * n), *r = array(n), *p = array(n), *s = array(n), *q = array(n);
  for (long k = 0; k < reps; ++k)
    bicg(n, A, r, p, s, q);
  printf("bicg %g %g\n", checksum(s, n), checksum(q, n));
  return 0;
}
