/* The gated program: a dot product whose length the build chooses (APP_WORK). */
#include <stdio.h>

static double dot(const double *x, const double *y, int n) {
  double sum = 0.0;
  for (int i = 0; i < n; ++i)
    sum += x[i] * y[i];
  return sum;
}

int main(void) {
  static double x[4096], y[4096];
  for (int i = 0; i < 4096; ++i) {
    x[i] = i * 0.5;
    y[i] = 1.0 / (i + 1);
  }
  double total = 0.0;
  for (int r = 0; r < APP_WORK / 100; ++r)
    total += dot(x, y, 4096);
  printf("%f\n", total);
  return 0;
}
