/* Multithreaded sum: T threads each sum a contiguous chunk of n doubles, reps times.
 * Analytic counts of partial_sum() over all threads: n*reps FLOPs, 8*n*reps bytes loaded;
 * each thread stores its result once per repetition through a pointer (8*T*reps bytes).
 * Usage: reduction_threads [n] [threads] [reps] */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct chunk {
  const double *x;
  long begin, end, reps;
  double result;
};

__attribute__((noinline)) void partial_sum(const double *x, long begin, long end, double *out) {
  double s = 0.0;
  for (long i = begin; i < end; ++i)
    s += x[i];
  *out = s;
}

static void *worker(void *arg) {
  struct chunk *c = arg;
  for (long r = 0; r < c->reps; ++r)
    partial_sum(c->x, c->begin, c->end, &c->result);
  return NULL;
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1000000;
  int threads = argc > 2 ? atoi(argv[2]) : 8;
  long reps = argc > 3 ? atol(argv[3]) : 10;
  double *x = malloc(n * sizeof *x);
  pthread_t *tid = malloc(threads * sizeof *tid);
  struct chunk *chunks = malloc(threads * sizeof *chunks);
  if (!x || !tid || !chunks)
    return 1;
  for (long i = 0; i < n; ++i)
    x[i] = 1.0;
  for (int t = 0; t < threads; ++t) {
    chunks[t] = (struct chunk){x, n * t / threads, n * (t + 1) / threads, reps, 0.0};
    pthread_create(&tid[t], NULL, worker, &chunks[t]);
  }
  double total = 0.0;
  for (int t = 0; t < threads; ++t) {
    pthread_join(tid[t], NULL);
    total += chunks[t].result;
  }
  printf("reduction_threads: n=%ld threads=%d total=%g\n", n, threads, total);
  free(x);
  free(tid);
  free(chunks);
  return 0;
}
