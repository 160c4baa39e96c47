/* Recursive Fibonacci in floating point.
 * Analytic counts for fib(n): calls = 2*F(n+1) - 1 and FLOPs (one add per non-leaf call) =
 * F(n+1) - 1, where F is the Fibonacci sequence with F(1) = F(2) = 1. For n = 20: 21891 calls
 * and 10945 FLOPs. No memory traffic in fib() itself.
 * Usage: fib [n] */
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) double fib(int n) {
  if (n < 2)
    return (double)n;
  return fib(n - 1) + fib(n - 2);
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 20;
  printf("fib(%d) = %.0f\n", n, fib(n));
  return 0;
}
