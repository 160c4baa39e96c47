// Half the work in a function too small for markers (no loop, 145 IR instructions), half in
// the loop that calls it: the same chain of 48 dependent xor-shift-multiply steps in both (which
// no optimiser folds), so each takes half of the CPU time by construction.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define STEP(X) X ^= X >> 29; X *= 0xbf58476d1ce4e5b9ull;
#define STEP8(X) STEP(X) STEP(X) STEP(X) STEP(X) STEP(X) STEP(X) STEP(X) STEP(X)
#define STEP48(X) STEP8(X) STEP8(X) STEP8(X) STEP8(X) STEP8(X) STEP8(X)

__attribute__((noinline)) uint64_t chain(uint64_t X) {
  STEP48(X)
  return X;
}

__attribute__((noinline)) uint64_t run(long N) {
  uint64_t X = 1;
  for (long I = 0; I < N; ++I) {
    X = chain(X);
    STEP48(X)
  }
  return X;
}

int main(int argc, char **argv) {
  long N = argc > 1 ? atol(argv[1]) : 4000000;
  printf("%llu\n", (unsigned long long)run(N));
  return 0;
}
