// Ten nested functions with a loop each: twenty call paths, more than a
// call-path table of sixteen (ENERGY_CALL_PATHS=16) holds.
#include <stdio.h>
#include <stdlib.h>

static volatile double Sink;

#define LEVEL(K, NEXT)                                                         \
  __attribute__((noinline)) static void f##K(long N) {                         \
    double S = 0;                                                              \
    for (long I = 0; I < N; ++I)                                               \
      S += (double)I * 0.5;                                                    \
    Sink += S;                                                                 \
    NEXT;                                                                      \
    Sink += 1;                                                                 \
  }

LEVEL(9, (void)0)
LEVEL(8, f9(N))
LEVEL(7, f8(N))
LEVEL(6, f7(N))
LEVEL(5, f6(N))
LEVEL(4, f5(N))
LEVEL(3, f4(N))
LEVEL(2, f3(N))
LEVEL(1, f2(N))
LEVEL(0, f1(N))

int main(int Argc, char **Argv) {
  long N = Argc > 1 ? atol(Argv[1]) : 1000000;
  for (int I = 0; I < 4; ++I)
    f0(N);
  printf("%g\n", Sink);
  return 0;
}
