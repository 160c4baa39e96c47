/* Call-heavy: many calls of tiny functions that the optimiser keeps out of line (noinline, as in
 * code split over files or called through pointers), each well under the pass's 200-instruction
 * threshold. Usage: smallfuncs [calls in millions] */
#include "common.h"

typedef double (*op_fn)(double, double);

__attribute__((noinline)) static double add(double a, double b) { return a + b; }
__attribute__((noinline)) static double mul(double a, double b) { return a * b * 0.5 + 0.25; }
__attribute__((noinline)) static double mix(double a, double b) { return a > b ? a - b : b - a; }
__attribute__((noinline)) static long clamp(long v, long lo, long hi) {
  return v < lo ? lo : v > hi ? hi : v;
}

int main(int argc, char **argv) {
  long millions = arg(argc, argv, 1, 20);
  op_fn ops[] = {add, mul, mix};
  double acc = 1.0;
  long index = 0;
  for (long i = 0; i < millions * 1000000; ++i) {
    acc = ops[index](acc, (double)(i & 15));
    index = clamp(index + 1, 0, 3) % 3;
  }
  printf("smallfuncs %g\n", acc);
  return 0;
}
