// Regions re-entered from regions they called: walk -> visit -> walk -> leaf
// (mutual recursion), and rank -> qsort -> by_key -> rank -> score (a
// callback into user code that calls back into its caller).
#include <stdio.h>
#include <stdlib.h>

static volatile double Sink;
static int Nested;

// A loop of each function's own, so that every one is a timed region.
#define BURN(N)                                                                \
  do {                                                                         \
    double S = 0;                                                              \
    for (long I = 0; I < (N); ++I)                                             \
      S += (double)I * 0.5;                                                    \
    Sink += S;                                                                 \
  } while (0)

__attribute__((noinline)) static void leaf(long N) {
  double S = 1;
  for (long I = 0; I < N; ++I)
    S = S * 1.0000001 + 1e-9;
  Sink += S;
}

__attribute__((noinline)) static void walk(int Depth, long N);

__attribute__((noinline)) static void visit(int Depth, long N) {
  BURN(N);
  walk(Depth - 1, N);
  Sink += 1; // not a tail call: visit stays open while walk runs
}

__attribute__((noinline)) static void walk(int Depth, long N) {
  BURN(N);
  if (Depth == 0)
    leaf(4 * N);
  else
    visit(Depth, N);
  Sink += 1;
}

__attribute__((noinline)) static void score(long N) {
  double S = 2;
  for (long I = 0; I < N; ++I)
    S = S * 0.9999999 + 1e-9;
  Sink += S;
}

__attribute__((noinline)) static void rank(int Depth, long N);

static int by_key(const void *A, const void *B) {
  if (Nested > 0) {
    int Depth = Nested;
    Nested = 0;
    rank(Depth - 1, 0);
    BURN(1000);
  }
  int X = *(const int *)A, Y = *(const int *)B;
  return (X > Y) - (X < Y);
}

__attribute__((noinline)) static void rank(int Depth, long N) {
  static long Work;
  if (N)
    Work = N;
  BURN(Work);
  if (Depth == 0) {
    score(4 * Work);
    Sink += 1;
    return;
  }
  int Keys[64];
  for (int I = 0; I < 64; ++I)
    Keys[I] = (I * 37) % 64;
  Nested = Depth;
  qsort(Keys, 64, sizeof(int), by_key);
  Sink += Keys[0];
}

int main(int Argc, char **Argv) {
  long N = Argc > 1 ? atol(Argv[1]) : 2000000;
  for (int I = 0; I < 3; ++I) {
    walk(3, N);
    rank(2, N);
  }
  printf("%g\n", Sink);
  return 0;
}
