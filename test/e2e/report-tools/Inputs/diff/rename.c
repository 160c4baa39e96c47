// diff-rename.test edits this program: it renames scale() (its body unchanged) or changes one
// constant of it. Usage: rename N
#include <stdlib.h>

__attribute__((noinline)) void scale(double *v, int n) {
  for (int i = 0; i < n; ++i)
    v[i] = v[i] * 3.0 + 1.0;
}

__attribute__((noinline)) void shift(double *v, int n) {
  for (int i = 0; i < n; ++i)
    v[i] = v[i] - 2.0;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1000;
  double *v = calloc(n, sizeof *v);
  scale(v, n);
  shift(v, n);
  int ok = v[0] == -1.0;
  free(v);
  return ok ? 0 : 1;
}
