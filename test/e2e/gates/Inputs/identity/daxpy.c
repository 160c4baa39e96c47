// daxpy and a nested-loop kernel; -DKERNEL=NAME renames daxpy without changing its body.
#include <stdio.h>
#include <stdlib.h>
#ifndef KERNEL
#define KERNEL daxpy
#endif

__attribute__((noinline)) void KERNEL(double a, const double *x, double *y, int n) {
  for (int i = 0; i < n; ++i)
    y[i] += a * x[i];
}

__attribute__((noinline)) double smooth(double *y, int n, int sweeps) {
  double s = 0.0;
  for (int k = 0; k < sweeps; ++k) {
    for (int i = 1; i < n - 1; ++i)
      y[i] = (y[i - 1] + y[i] + y[i + 1]) / 3.0;
    printf("%s", "");
  }
  for (int i = 0; i < n; ++i)
    s += y[i];
  return s;
}

int main(void) {
  int n = 1000;
  double *x = malloc(n * sizeof *x), *y = calloc(n, sizeof *y);
  for (int i = 0; i < n; ++i)
    x[i] = i;
  for (int r = 0; r < 100; ++r)
    KERNEL(0.5, x, y, n);
  printf("%g\n", smooth(y, n, 10));
  return 0;
}
