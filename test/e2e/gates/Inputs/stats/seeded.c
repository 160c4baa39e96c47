// A hash table whose hash is seeded by the time and a stack address, as interpreters seed their
// string hashing: the probes, and so the exact counts of lookup(), differ from run to run.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define SLOTS 4096
static uint64_t keys[SLOTS];
static uint64_t seed;

static uint64_t slot(uint64_t key) { return ((key ^ seed) * 0x9e3779b97f4a7c15ull) >> 52; }

__attribute__((noinline)) static void insert(uint64_t key) {
  uint64_t at = slot(key);
  while (keys[at] && keys[at] != key)
    at = (at + 1) % SLOTS;
  keys[at] = key;
}

__attribute__((noinline)) static long lookup(uint64_t key) {
  long probes = 1;
  for (uint64_t at = slot(key); keys[at] && keys[at] != key; at = (at + 1) % SLOTS)
    ++probes;
  return probes;
}

int main(int argc, char **argv) {
  long rounds = argc > 1 ? atol(argv[1]) : 100;
  struct timespec now;
  clock_gettime(CLOCK_REALTIME, &now);
  seed = (uint64_t)now.tv_nsec ^ (uint64_t)(uintptr_t)&now;
  for (uint64_t k = 1; k <= SLOTS * 3 / 4; ++k)
    insert(k * 7919);
  long probes = 0;
  for (long r = 0; r < rounds; ++r)
    for (uint64_t k = 1; k <= SLOTS * 3 / 4; ++k)
      probes += lookup(k * 7919);
  printf("%ld\n", probes);
  return 0;
}
