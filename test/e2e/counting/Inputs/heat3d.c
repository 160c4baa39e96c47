/* PolyBench-style 3-D heat equation: Jacobi sweeps between two grids, deterministic data. */
#include <stdio.h>

#define N 12
#define STEPS 10

static double A[N][N][N], B[N][N][N];

static void init(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < N; k++)
        A[i][j][k] = B[i][j][k] = (double)(i + j + (N - k)) * 10 / N;
}

__attribute__((noinline)) static void sweep(double out[N][N][N], double in[N][N][N]) {
  for (int i = 1; i < N - 1; i++)
    for (int j = 1; j < N - 1; j++)
      for (int k = 1; k < N - 1; k++)
        out[i][j][k] = 0.125 * (in[i + 1][j][k] - 2.0 * in[i][j][k] + in[i - 1][j][k])
                     + 0.125 * (in[i][j + 1][k] - 2.0 * in[i][j][k] + in[i][j - 1][k])
                     + 0.125 * (in[i][j][k + 1] - 2.0 * in[i][j][k] + in[i][j][k - 1])
                     + in[i][j][k];
}

int main(void) {
  init();
  for (int t = 1; t <= STEPS; t++) {
    sweep(B, A);
    sweep(A, B);
  }
  double sum = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < N; k++)
        sum += A[i][j][k];
  printf("%.6e\n", sum);
  return 0;
}
