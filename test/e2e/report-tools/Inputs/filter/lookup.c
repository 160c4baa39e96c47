/* The shape that pays for region markers more than they tell: a function
 * with a short search loop, called for every item (as an interpreter calls
 * its helpers), beside a kernel whose loop runs long once entered.
 * Usage: lookup [items] */
#include <stdio.h>
#include <stdlib.h>

static int Table[64];
static int TableLength;

/* Found in one or two steps: the loop is entered once per call. */
__attribute__((noinline)) static int find(int Key) {
  int I = 0;
  while (I < TableLength && Table[I] != Key)
    ++I;
  return I;
}

__attribute__((noinline)) static long kernel(const long *V, int N) {
  long Sum = 0;
  for (int I = 0; I < N; ++I)
    Sum += V[I] * 3 + 1;
  return Sum;
}

int main(int argc, char **argv) {
  int Items = argc > 1 ? atoi(argv[1]) : 200000;
  enum { Length = 1 << 20 };
  long *V = malloc(sizeof(long) * Length);
  if (!V)
    return 1;
  for (int I = 0; I < Length; ++I)
    V[I] = I;
  TableLength = 64;
  for (int I = 0; I < TableLength; ++I)
    Table[I] = I % 2;
  long Acc = 0;
  for (int I = 0; I < Items; ++I)
    Acc += find(I & 1);
  Acc += kernel(V, Length);
  printf("%ld\n", Acc);
  free(V);
  return 0;
}
