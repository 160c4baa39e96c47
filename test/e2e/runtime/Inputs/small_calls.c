// A function too small to be timed (no loop, a few instructions), called
// 1000 times from a loop, and one that is timed.
#include <stdio.h>

volatile int Sink;

__attribute__((noinline)) void tiny(int X) { Sink = X * 3; }

__attribute__((noinline)) long timed(int N) {
  long Sum = 0;
  for (int I = 0; I < N; ++I) {
    tiny(I);
    Sum += Sink;
  }
  return Sum;
}

int main(void) {
  printf("%ld\n", timed(1000));
  return 0;
}
