/* User regions (energy/regions.h): one function, two phases, each its own region.
 * Analytic counts per call of phases(n): region "scale" n multiplications, 8n bytes loaded and
 * 8n stored; region "sum" n additions and 8n bytes loaded.
 * Built without energycc the markers compile to nothing and the output is the same.
 * Usage: phases [n] [repetitions] */
#include <energy/regions.h>
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) double phases(long n, double *v) {
  ENERGY_REGION_BEGIN("scale");
  for (long i = 0; i < n; ++i)
    v[i] *= 1.5;
  ENERGY_REGION_END("scale");
  double sum = 0.0;
  ENERGY_REGION_BEGIN("sum");
  for (long i = 0; i < n; ++i)
    sum += v[i];
  ENERGY_REGION_END("sum");
  return sum;
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1000;
  long reps = argc > 2 ? atol(argv[2]) : 1;
  double *v = malloc(n * sizeof *v);
  if (!v)
    return 1;
  double total = 0.0;
  for (long r = 0; r < reps; ++r) {
    for (long i = 0; i < n; ++i)
      v[i] = (double)(i % 7);
    total += phases(n, v);
  }
  printf("phases: n=%ld reps=%ld total=%g\n", n, reps, total);
  free(v);
  return 0;
}
