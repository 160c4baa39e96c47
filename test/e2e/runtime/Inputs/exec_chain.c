// A program that replaces itself by exec, once through each of the C
// library's exec functions, from the main thread, from a second thread and
// from a fork child, for exec-under-sampling.test:
//   exec_chain STEP      works on the CPU, then execs itself as STEP + 1 in
//                        the way STEP names (a failed exec first); the last
//                        step prints "chain ended" and returns 0.
//   exec_chain failed    an exec that fails, then work: its samples show
//                        that the trigger runs again.
// Each step works right up to its exec, so that a sampling signal is likely
// to fall inside the exec call: delivered to the new image, which has not
// installed the runtime's handler yet, it would end it.
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

static volatile double Sink = 0;
static const char *Self;
static char Next[16];

__attribute__((noinline)) void work(void) {
  for (int i = 0; i < 3000000; ++i)
    Sink += i * 0.5;
}

static void execNext(int step) {
  char *argv[] = {(char *)Self, Next, NULL};
  switch (step) {
  case 0:
    execv(Self, argv);
    break;
  case 1:
    execve(Self, argv, environ);
    break;
  case 2:
    execvp(Self, argv);
    break;
  case 3:
    execvpe(Self, argv, environ);
    break;
  case 4:
    execl(Self, Self, Next, (char *)NULL);
    break;
  case 5:
    execlp(Self, Self, Next, (char *)NULL);
    break;
  case 6:
    execle(Self, Self, Next, (char *)NULL, environ);
    break;
  case 7: {
    int fd = open(Self, O_RDONLY | O_CLOEXEC);
    fexecve(fd, argv, environ);
    break;
  }
  }
  perror("exec");
  exit(3);
}

static void *execFromThread(void *step) {
  work();
  execNext((int)(long)step);
  return NULL;
}

int main(int argc, char **argv) {
  Self = argv[0];
  if (argc > 1 && !strcmp(argv[1], "failed")) {
    if (execl("/nonexistent/exec-chain", "x", (char *)NULL) != -1 || errno != ENOENT) {
      fprintf(stderr, "the failed exec did not fail with ENOENT\n");
      return 4;
    }
    for (int i = 0; i < 20; ++i)
      work();
    return 0;
  }
  int step = argc > 1 ? atoi(argv[1]) : 0;
  snprintf(Next, sizeof Next, "%d", step + 1);
  if (step < 8) {
    work();
    execNext(step);
  }
  if (step == 8) {
    // From a second thread while the main thread works: exec ends the main
    // thread, whose own samples must not reach the new image either.
    pthread_t thread;
    pthread_create(&thread, NULL, execFromThread, (void *)2L);
    for (;;)
      work();
  }
  if (step == 9) {
    // From a fork child, which has a trigger of its own.
    pid_t child = fork();
    if (child == 0) {
      work();
      execl(Self, Self, "10", (char *)NULL);
      _exit(5);
    }
    int status;
    waitpid(child, &status, 0);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
      fprintf(stderr, "the fork child's chain ended with status %#x\n", status);
      return 6;
    }
    work();
    printf("chain ended\n");
    return 0;
  }
  work();
  return 0;
}
