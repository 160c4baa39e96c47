// A program with a page-fault-heavy region and a quiet compute region, for
// per-region counters (ENERGY_REGION_EVENTS): touch_pages() faults in PAGES
// fresh pages of its own mapping (one minor fault each: no huge pages), and
// spin() computes for about SPIN_MS without touching new memory. It prints
// the CPU time the thread spent in spin(), which its task-clock must match
// (on an idle machine that is also its wall time).
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <time.h>

#define PAGE 4096

__attribute__((noinline)) void touch_pages(long pages) {
  char *memory = mmap(NULL, pages * PAGE, PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (memory == MAP_FAILED) {
    perror("mmap");
    exit(1);
  }
  madvise(memory, pages * PAGE, MADV_NOHUGEPAGE);
  for (long page = 0; page < pages; ++page)
    memory[page * PAGE] = 1;
  munmap(memory, pages * PAGE);
}

static double seconds(clockid_t clock) {
  struct timespec t;
  clock_gettime(clock, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

__attribute__((noinline)) double spin(double milliseconds) {
  double sum = 0, end = seconds(CLOCK_MONOTONIC) + milliseconds * 1e-3;
  while (seconds(CLOCK_MONOTONIC) < end)
    for (int i = 0; i < 10000; ++i)
      sum += i * 0.5;
  return sum;
}

int main(int argc, char **argv) {
  long pages = argc > 1 ? atol(argv[1]) : 3000;
  double milliseconds = argc > 2 ? atof(argv[2]) : 100;
  touch_pages(pages);
  double cpu = seconds(CLOCK_THREAD_CPUTIME_ID);
  double sum = spin(milliseconds);
  printf("spin cpu_s %.9f %d\n", seconds(CLOCK_THREAD_CPUTIME_ID) - cpu, sum > 0);
  return 0;
}
