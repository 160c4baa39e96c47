// Endings that run nothing of the process, for continuous-counts.test. Each mode calls work()
// a known number of times, then ends:
//   continuous kill N       N calls, then raise(SIGKILL)
//   continuous exit N       N calls, then _exit(3)
//   continuous normal N     N calls, then return from main
//   continuous threads N    a thread makes N calls and ends; a second makes 200 and waits; the
//                           main thread makes 50 more, then raise(SIGKILL)
//   continuous fork PIDS    10 calls; fork: the child makes 30 and raise(SIGKILL)s; the parent
//                           waits for it, makes 5 more and raise(SIGKILL)s; "parent PID" and
//                           "child PID" are written to the file PIDS first
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static volatile double Sink = 0;
static atomic_int SecondReady = 0;

__attribute__((noinline)) void work(int rounds) {
  for (int r = 0; r < rounds; ++r)
    for (int i = 0; i < 100; ++i)
      Sink += i * 0.5;
}

static void calls(int n) {
  for (int i = 0; i < n; ++i)
    work(3);
}

static void *endingThread(void *n) {
  calls((int)(long)n);
  return NULL;
}

static void *waitingThread(void *unused) {
  (void)unused;
  calls(200);
  atomic_store(&SecondReady, 1);
  for (;;)
    pause();
  return NULL;
}

static int threads(int n) {
  pthread_t ending, waiting;
  if (pthread_create(&ending, NULL, endingThread, (void *)(long)n) != 0 ||
      pthread_join(ending, NULL) != 0 || pthread_create(&waiting, NULL, waitingThread, NULL) != 0)
    return 1;
  while (!atomic_load(&SecondReady))
    usleep(1000);
  calls(50);
  raise(SIGKILL);
  return 1;
}

static int forked(const char *pids) {
  calls(10);
  FILE *out = fopen(pids, "w");
  if (!out)
    return 1;
  fflush(NULL);
  pid_t child = fork();
  if (child < 0)
    return 1;
  if (child == 0) {
    calls(30);
    raise(SIGKILL);
    return 1;
  }
  fprintf(out, "parent %d\nchild %d\n", (int)getpid(), (int)child);
  fclose(out);
  waitpid(child, NULL, 0);
  calls(5);
  raise(SIGKILL);
  return 1;
}

int main(int argc, char **argv) {
  if (argc != 3)
    return 2;
  const char *mode = argv[1];
  if (strcmp(mode, "fork") == 0)
    return forked(argv[2]);
  int n = atoi(argv[2]);
  if (strcmp(mode, "threads") == 0)
    return threads(n);
  calls(n);
  if (strcmp(mode, "kill") == 0)
    raise(SIGKILL);
  if (strcmp(mode, "exit") == 0)
    _exit(3);
  return strcmp(mode, "normal") == 0 ? 0 : 2;
}
