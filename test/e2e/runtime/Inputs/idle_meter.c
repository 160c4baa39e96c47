// Measured against a fake RAPL tree whose psys counter a helper (idle_power.py)
// advances at a constant 2 W, the machine's idle power: waiter() sleeps for
// 0.3 s, then burn() works for 0.3 s and adds 5 W more to the counter itself.
// Both writers lock the counter, so that no increment is lost.
#include <stdio.h>
#include <stdlib.h>
#include <sys/file.h>
#include <time.h>
#include <unistd.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

static void advance(const char *counter, long long microjoules) {
  FILE *f = fopen(counter, "r+");
  long long value = 0;
  if (!f || flock(fileno(f), LOCK_EX) != 0 || fscanf(f, "%lld", &value) != 1) {
    fprintf(stderr, "idle_meter: cannot read %s\n", counter);
    exit(1);
  }
  rewind(f);
  fprintf(f, "%lld\n", value + microjoules);
  fflush(f);
  flock(fileno(f), LOCK_UN);
  fclose(f);
}

__attribute__((noinline)) void waiter(void) { usleep(300000); }

__attribute__((noinline)) double burn(const char *counter, int steps) {
  double sum = 0;
  for (int step = 0; step < steps; ++step) {
    double end = now() + 0.02;
    while (now() < end)
      for (int i = 0; i < 1000; ++i)
        sum += i * 0.5;
    advance(counter, 100000);
  }
  return sum;
}

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  waiter();
  return burn(argv[1], 15) < 0;
}
