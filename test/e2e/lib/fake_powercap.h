// What the programs measured against a fake RAPL powercap tree (a copy of the
// meters' fixture) share: a monotonic clock, and advancing the tree's energy
// counter by what they "consumed". Writers lock the counter, so that no
// increment of another writer (a second rank, idle_power.py) is lost.
#ifndef ENERGY_E2E_FAKE_POWERCAP_H
#define ENERGY_E2E_FAKE_POWERCAP_H

#include <stdio.h>
#include <stdlib.h>
#include <sys/file.h>
#include <time.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

static void advance(const char *counter, long long microjoules) {
  FILE *f = fopen(counter, "r+");
  long long value = 0;
  if (!f || flock(fileno(f), LOCK_EX) != 0 || fscanf(f, "%lld", &value) != 1) {
    fprintf(stderr, "fake powercap: cannot read %s\n", counter);
    exit(1);
  }
  rewind(f);
  fprintf(f, "%lld\n", value + microjoules);
  fflush(f);
  flock(fileno(f), LOCK_UN);
  fclose(f);
}

#endif
