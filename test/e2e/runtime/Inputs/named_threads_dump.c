// A worker named "crunch" works, then waits while main, named "boss", takes a snapshot with
// energy_dump() (written by a copy of the process) and copies it to argv[1]; then the worker
// ends and the run exits normally.
#define _GNU_SOURCE
#include <energy/regions.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static pthread_barrier_t Worked, Dumped;
volatile double Sink;

static double work(long N) {
  double Sum = 0;
  for (long I = 0; I < N; ++I)
    Sum += I * 0.5;
  return Sum;
}

static void *worker(void *Arg) {
  (void)Arg;
  pthread_setname_np(pthread_self(), "crunch");
  Sink = work(2000000);
  pthread_barrier_wait(&Worked);
  pthread_barrier_wait(&Dumped);
  return NULL;
}

int main(int argc, char **argv) {
  if (argc < 2)
    return 2;
  pthread_setname_np(pthread_self(), "boss");
  pthread_barrier_init(&Worked, NULL, 2);
  pthread_barrier_init(&Dumped, NULL, 2);
  pthread_t Thread;
  pthread_create(&Thread, NULL, worker, NULL);
  pthread_barrier_wait(&Worked);
  Sink = work(1000000);
  int Result = energy_dump();
  char Command[4096];
  snprintf(Command, sizeof Command, "cp '%s' '%s'", getenv("ENERGY_REPORT"), argv[1]);
  int Copied = system(Command);
  pthread_barrier_wait(&Dumped);
  pthread_join(Thread, NULL);
  printf("energy_dump: %d copied: %d\n", Result, Copied);
  return 0;
}
