// A run whose counts at a checkpoint are known, for checkpoints.test:
//   checkpointed reference UNITS     work UNITS units and return: the counts to compare with
//   checkpointed kill UNITS          work UNITS units, print "ready PID", then idle on the CPU
//                                    (outside `work`) until killed
//   checkpointed exit UNITS GO       the same, then _exit(0) once the file GO exists
//   checkpointed return UNITS GO     the same, then UNITS more units and return from main
//   checkpointed fork UNITS          work 3 units, fork; the child works UNITS units, prints
//                                    "ready PID" and idles until killed; the parent waits for it
//   checkpointed threads UNITS       two threads work UNITS units each and idle until killed;
//                                    main says "ready PID" once both are done and waits in join
//   checkpointed exec UNITS GO       as exit, then execs `true` instead of _exit
//   checkpointed segv UNITS GO       as exit, then crashes (SIGSEGV) instead of _exit
// Idling burns CPU time: the checkpoints ride on the sampling timers, which count CPU time.
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static volatile double Sink = 0;
static volatile unsigned long Spins = 0;

__attribute__((noinline)) void work(void) {
  for (int i = 0; i < 1000; ++i)
    Sink += i * 0.5;
}

static void workUnits(int units) {
  for (int u = 0; u < units; ++u)
    work();
}

static void sayReady(void) {
  printf("ready %d\n", (int)getpid());
  fflush(stdout);
}

/// Runs on the CPU until `go` exists (never when it is NULL).
static void idle(const char *go) {
  while (!go || access(go, F_OK) != 0)
    for (int i = 0; i < 100000; ++i)
      Spins = Spins + 1;
}

static pthread_barrier_t Done;

static void *workThenIdle(void *units) {
  workUnits(*(int *)units);
  pthread_barrier_wait(&Done);
  idle(NULL);
  return NULL;
}

/// Only the workers run on the CPU: their samples take the checkpoints.
static int threads(int units) {
  pthread_t team[2];
  pthread_barrier_init(&Done, NULL, 3);
  for (int t = 0; t < 2; ++t)
    pthread_create(&team[t], NULL, workThenIdle, &units);
  pthread_barrier_wait(&Done);
  sayReady();
  for (int t = 0; t < 2; ++t)
    pthread_join(team[t], NULL);
  return 0;
}

int main(int argc, char **argv) {
  const char *mode = argc > 2 ? argv[1] : "";
  int units = argc > 2 ? atoi(argv[2]) : 0;
  const char *go = argc > 3 ? argv[3] : NULL;
  if (!strcmp(mode, "reference")) {
    workUnits(units);
    return 0;
  }
  if (!strcmp(mode, "threads"))
    return threads(units);
  if (!strcmp(mode, "kill") ||
      (go && (!strcmp(mode, "exit") || !strcmp(mode, "exec") || !strcmp(mode, "segv") ||
              !strcmp(mode, "return")))) {
    workUnits(units);
    sayReady();
    idle(go);
    if (!strcmp(mode, "exit"))
      _exit(0);
    if (!strcmp(mode, "segv"))
      *(volatile int *)(Sink < 0 ? (void *)&Sink : NULL) = 1;
    if (!strcmp(mode, "exec")) {
      execlp("true", "true", (char *)NULL);
      return 127;
    }
    workUnits(units);
    return 0;
  }
  if (!strcmp(mode, "fork")) {
    workUnits(3);
    fflush(stdout);
    pid_t child = fork();
    if (child == 0) {
      workUnits(units);
      sayReady();
      idle(NULL);
    }
    int status = 0;
    waitpid(child, &status, 0);
    return 0;
  }
  fprintf(stderr, "usage: checkpointed MODE UNITS [GO]\n");
  return 2;
}
