/* Static helpers whose entries their callers count (CallerCountedEntries): one called at the top
 * of its call site's block, one called after a call that sometimes longjmps out (so the helper
 * is reached only as often as that block completes), one whose address is taken, one that
 * recurses, and one called twice in one block. Usage: caller_counted [n] */
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>

static jmp_buf Env;
typedef long (*unary)(long);

__attribute__((noinline)) static long helper(long x) { return x * 3 + 1; }
__attribute__((noinline)) static long pointed(long x) { return x ^ 5; }
__attribute__((noinline)) static long twice(long x) { return x + 2; }
__attribute__((noinline)) static long down(long x) { return x <= 0 ? 0 : 1 + down(x - 2); }

__attribute__((noinline)) void maybeJump(long i) {
  if (i % 7 == 3)
    longjmp(Env, 1);
}

__attribute__((noinline)) long afterJump(long i) {
  long Sum = 0;
  for (long K = 0; K < i % 4; ++K) {
    maybeJump(i + K);
    Sum += helper(i + K);
  }
  return Sum;
}

__attribute__((noinline)) long atTop(long i, unary f) { return helper(i + 1) + f(i) + twice(twice(i)); }

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 100;
  volatile long total = 0;
  for (volatile long i = 0; i < n; ++i) {
    if (setjmp(Env) == 0)
      total += afterJump(i);
    total += atTop(i, pointed) + down(i % 9);
  }
  printf("total %ld\n", (long)total);
  return 0;
}
