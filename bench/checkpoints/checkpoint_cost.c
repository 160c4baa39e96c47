// What checkpoints cost a program (bench/README.md, "Checkpoints").
//   checkpoint_cost work MIB ROUNDS   touch MIB MiB, then ROUNDS passes of arithmetic over them
//                                     in a few regions; print the process's own CPU time and its
//                                     reaped children's (the copies that wrote the checkpoints)
//   checkpoint_cost dump MIB DUMPS    touch MIB MiB, then time DUMPS energy_dump() snapshots,
//                                     each the work of one checkpoint done while the caller waits
//   checkpoint_cost clone MIB ROUNDS  touch MIB MiB, then per round: a pass over them, a copy of
//                                     the process that ends at once, and the same pass again;
//                                     print the clone's time and what the second pass took more
//                                     (its copy-on-write faults), per MiB: the figures behind
//                                     runtime/lib/CheckpointSpacing.h
#include <energy/regions.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double seconds(struct timeval t) { return (double)t.tv_sec + (double)t.tv_usec * 1e-6; }

__attribute__((noinline)) static double pass(double *data, size_t n, double scale) {
  double sum = 0;
  for (size_t i = 0; i < n; ++i) {
    data[i] = data[i] * scale + 1.0;
    sum += data[i];
  }
  return sum;
}

__attribute__((noinline)) static double spin(long iterations) {
  double x = 1.0;
  for (long i = 0; i < iterations; ++i)
    x = x * 1.0000001 + 1e-9;
  return x;
}

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/// As the runtime's copy: clone with no flags but the parent's signal.
static void cloneAndReap(void) {
  long copy = syscall(SYS_clone, (unsigned long)SIGCHLD, NULL, NULL, NULL, 0ul);
  if (copy == 0)
    _exit(0);
  waitpid((pid_t)copy, NULL, 0);
}

static int measureClone(double *data, size_t n, double mib, long rounds) {
  double cloneMs = 0, faultMs = 0, sink = 0;
  for (long r = 0; r < rounds; ++r) {
    double t0 = now();
    sink += pass(data, n, 1.0);
    double t1 = now();
    cloneAndReap();
    double t2 = now();
    sink += pass(data, n, 1.0);
    double t3 = now();
    cloneMs += (t2 - t1) * 1e3;
    faultMs += ((t3 - t2) - (t1 - t0)) * 1e3;
  }
  printf("clone %.4f ms per MiB, faults after it %.4f ms per MiB rewritten (checksum %g)\n",
         cloneMs / (double)rounds / mib, faultMs / (double)rounds / mib, sink);
  return 0;
}

static double *touch(size_t mib, size_t *n) {
  *n = mib * 1024 * 1024 / sizeof(double);
  double *data = malloc(*n * sizeof(double));
  if (!data)
    exit(1);
  for (size_t i = 0; i < *n; ++i)
    data[i] = (double)i;
  return data;
}

int main(int argc, char **argv) {
  if (argc != 4)
    return 2;
  size_t n;
  double *data = touch((size_t)atol(argv[2]), &n);
  long count = atol(argv[3]);
  double sink = 0;
  if (!strcmp(argv[1], "work")) {
    for (long r = 0; r < count; ++r) {
      sink += pass(data, n, 0.5);
      sink += spin(20000000);
    }
    struct rusage self, children;
    getrusage(RUSAGE_SELF, &self);
    getrusage(RUSAGE_CHILDREN, &children);
    printf("self %.3f children %.3f checksum %g\n", seconds(self.ru_utime) + seconds(self.ru_stime),
           seconds(children.ru_utime) + seconds(children.ru_stime), sink);
    return 0;
  }
  if (!strcmp(argv[1], "clone"))
    return measureClone(data, n, (double)atol(argv[2]), count);
  if (!strcmp(argv[1], "dump")) {
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (long d = 0; d < count; ++d)
      if (energy_dump() != 0)
        return 3;
    clock_gettime(CLOCK_MONOTONIC, &end);
    double ms = ((double)(end.tv_sec - start.tv_sec) * 1e3 + (double)(end.tv_nsec - start.tv_nsec) * 1e-6);
    printf("%.3f ms per snapshot\n", ms / (double)count);
    return 0;
  }
  return 2;
}
