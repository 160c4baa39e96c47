// Two lines of one loop doing known work: line 7 does 2 FLOPs per
// iteration, line 8 does 1. annotate.test checks their counts.
#include <stdlib.h>

__attribute__((noinline)) void work(double *a, double *b, int n) {
  for (int i = 0; i < n; ++i) {
    a[i] = a[i] * 3.0 + 1.0;
    b[i] = b[i] + 2.0;
  }
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1000;
  double *a = calloc(n, sizeof *a), *b = calloc(n, sizeof *b);
  work(a, b, n);
  int ok = a[0] == 1.0;
  free(a);
  free(b);
  return ok ? 0 : 1;
}
