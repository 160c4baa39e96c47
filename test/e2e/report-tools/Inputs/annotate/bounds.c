// Lines of known intensity for annotate-html.test: line 9 streams through memory (2 FLOPs per
// 16 bytes, memory-bound under every roof of the fixture profile), line 11 computes in registers
// at -O2 (no memory traffic: compute-bound). The size is 1000 times the number of arguments
// (no atoi, whose inlined code would add stdlib.h to the page). Usage: bounds
#include <stdlib.h>

__attribute__((noinline)) double work(double *a, int n, double x) {
  for (int i = 0; i < n; ++i) {
    a[i] = a[i] * 3.0 + 1.0;
    for (int k = 0; k < 16; ++k)
      x = x * 0.999 + 0.5;
  }
  return x;
}

int main(int argc, char **argv) {
  (void)argv;
  int n = 1000 * argc;
  double *a = calloc(n, sizeof *a);
  double x = work(a, n, 1.0);
  free(a);
  return x > 0 ? 0 : 1;
}
