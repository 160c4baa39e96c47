// 1000 atomic floating-point adds spread over an OpenMP team: each is one
// FLOP (an atomicrmw fadd), whichever thread runs it.
#include <stdio.h>

int main(void) {
  double Sum = 0;
#pragma omp parallel for
  for (int I = 0; I < 1000; ++I) {
#pragma omp atomic
    Sum += 1.5;
  }
  printf("%.1f\n", Sum);
  return 0;
}
