/* The triad split among T threads, each sweeping its own quarter (or
 * T-th) of three shared arrays of n doubles in the same function: the
 * function's footprint, merged over threads, is all 24 n bytes.
 * Usage: triad_threads N THREADS */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static double *a, *b, *c;
static long n;
static int threads;

__attribute__((noinline)) void triad_part(long begin, long end) {
  for (long i = begin; i < end; ++i)
    a[i] = b[i] + 3.0 * c[i];
}

static void *worker(void *arg) {
  long t = (long)arg;
  triad_part(n * t / threads, n * (t + 1) / threads);
  return NULL;
}

int main(int argc, char **argv) {
  n = argc > 1 ? atol(argv[1]) : 1000000;
  threads = argc > 2 ? atoi(argv[2]) : 4;
  a = calloc(n, sizeof *a);
  b = calloc(n, sizeof *b);
  c = calloc(n, sizeof *c);
  pthread_t ids[64];
  if (!a || !b || !c || threads < 1 || threads > 64)
    return 1;
  for (long t = 0; t < threads; ++t)
    pthread_create(&ids[t], NULL, worker, (void *)t);
  for (int t = 0; t < threads; ++t)
    pthread_join(ids[t], NULL);
  printf("%g\n", a[n - 1]);
  return 0;
}
