// Built with plain clang: a thread that never runs instrumented code.
#define _GNU_SOURCE
#include <pthread.h>

void *plain_helper(void *Arg) {
  pthread_setname_np(pthread_self(), "helper");
  volatile long Spin = 0;
  for (long I = 0; I < 100000; ++I)
    Spin += I;
  return Arg;
}
