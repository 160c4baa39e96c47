// A program with a page-fault-heavy region and a quiet compute region, for
// per-region counters (ENERGY_REGION_EVENTS): touch_pages() faults in PAGES
// fresh pages of its own mapping (one minor fault each: no huge pages), and
// spin() computes for about SPIN_MS without touching new memory. Around the
// call, main() measures the thread's task-clock with a perf counter of its own,
// which spin's task-clock must match, and the thread's CPU time. The two
// clocks differ on a virtual machine: task-clock also counts the time the
// hypervisor took the vCPU away while the thread was on it (steal time),
// which CLOCK_THREAD_CPUTIME_ID leaves out (CONFIG_PARAVIRT_TIME_ACCOUNTING).
#include <linux/perf_event.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

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

/// The calling thread's task-clock counter, apart from the runtime's; -1
/// when perf_event_open refuses.
static int openTaskClock(void) {
  struct perf_event_attr attr;
  memset(&attr, 0, sizeof attr);
  attr.size = sizeof attr;
  attr.type = PERF_TYPE_SOFTWARE;
  attr.config = PERF_COUNT_SW_TASK_CLOCK;
  return (int)syscall(SYS_perf_event_open, &attr, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
}

static double taskClockSeconds(int fd) {
  unsigned long long ns = 0;
  if (fd < 0 || read(fd, &ns, sizeof ns) != sizeof ns)
    return -1;
  return ns * 1e-9;
}

int main(int argc, char **argv) {
  long pages = argc > 1 ? atol(argv[1]) : 3000;
  double milliseconds = argc > 2 ? atof(argv[2]) : 100;
  touch_pages(pages);
  int taskClock = openTaskClock();
  double cpu = seconds(CLOCK_THREAD_CPUTIME_ID);
  double clock = taskClockSeconds(taskClock);
  double sum = spin(milliseconds);
  double clockAfter = taskClockSeconds(taskClock);
  double cpuAfter = seconds(CLOCK_THREAD_CPUTIME_ID);
  printf("spin cpu_s %.9f task_clock_s %.9f %d\n", cpuAfter - cpu,
         clock < 0 || clockAfter < 0 ? -1.0 : clockAfter - clock, sum > 0);
  return 0;
}
