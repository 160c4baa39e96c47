// Two instrumented workers with 3:1 work, and a thread that runs only code
// built without EnergyPass (thread_team_plain.c), as a library's helper
// thread would.
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>

void *plain_helper(void *Arg);

static double work(long N) {
  double Sum = 0;
  for (long I = 0; I < N; ++I)
    Sum += I * 0.5;
  return Sum;
}

volatile double Sink[2];

static void *worker(void *Arg) {
  pthread_setname_np(pthread_self(), (long)Arg > 1000000 ? "big" : "small");
  Sink[(long)Arg > 1000000] = work((long)Arg);
  return NULL;
}

int main(void) {
  pthread_t Threads[3];
  pthread_create(&Threads[0], NULL, worker, (void *)3000000L);
  pthread_create(&Threads[1], NULL, worker, (void *)1000000L);
  pthread_create(&Threads[2], NULL, plain_helper, NULL);
  for (int I = 0; I < 3; ++I)
    pthread_join(Threads[I], NULL);
  puts("done");
  return 0;
}
