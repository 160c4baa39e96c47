/* PolyBench-style gemm: C = alpha*A*B + beta*C on small matrices, deterministic data. */
#include <stdio.h>

#define NI 20
#define NJ 25
#define NK 30

static double A[NI][NK], B[NK][NJ], C[NI][NJ];

static void init(void) {
  for (int i = 0; i < NI; i++)
    for (int k = 0; k < NK; k++)
      A[i][k] = (double)((i * k + 1) % NI) / NI;
  for (int k = 0; k < NK; k++)
    for (int j = 0; j < NJ; j++)
      B[k][j] = (double)((k * (j + 1)) % NJ) / NJ;
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++)
      C[i][j] = (double)((i * j + 2) % NK) / NK;
}

__attribute__((noinline)) static void gemm(double alpha, double beta) {
  for (int i = 0; i < NI; i++) {
    for (int j = 0; j < NJ; j++)
      C[i][j] *= beta;
    for (int k = 0; k < NK; k++)
      for (int j = 0; j < NJ; j++)
        C[i][j] += alpha * A[i][k] * B[k][j];
  }
}

int main(void) {
  init();
  for (int r = 0; r < 10; r++)
    gemm(1.5, 1.2);
  double sum = 0;
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++)
      sum += C[i][j];
  printf("%.6e\n", sum);
  return 0;
}
