/* Dense matrix multiply C = A*B, n x n doubles, i-j-k order with a scalar accumulator.
 * Analytic counts of matmul() per call: 2n^3 FLOPs, 16n^3 bytes loaded (A[i][k], B[k][j]),
 * 8n^2 bytes stored (C[i][j]).
 * Usage: matmul [n] [repetitions] */
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) void matmul(long n, const double *A, const double *B, double *C) {
  for (long i = 0; i < n; ++i)
    for (long j = 0; j < n; ++j) {
      double sum = 0.0;
      for (long k = 0; k < n; ++k)
        sum += A[i * n + k] * B[k * n + j];
      C[i * n + j] = sum;
    }
}

__attribute__((noinline)) static void fill(long count, double *v, double base) {
  for (long i = 0; i < count; ++i)
    v[i] = base + (double)(i % 3);
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 200;
  long reps = argc > 2 ? atol(argv[2]) : 1;
  double *A = malloc(n * n * sizeof *A), *B = malloc(n * n * sizeof *B),
         *C = malloc(n * n * sizeof *C);
  if (!A || !B || !C)
    return 1;
  fill(n * n, A, 1.0);
  fill(n * n, B, 0.25);
  for (long r = 0; r < reps; ++r)
    matmul(n, A, B, C);
  printf("matmul: n=%ld reps=%ld C[0]=%g\n", n, reps, C[0]);
  free(A);
  free(B);
  free(C);
  return 0;
}
