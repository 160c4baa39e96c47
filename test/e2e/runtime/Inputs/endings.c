// How a run ends, for the signal-ending, snapshot and undisturbed-program tests:
//   endings wait              work, print "ready", then keep working until a signal ends it
//   endings own-handler       the same, with its own SIGTERM handler: it says so and returns 0
//   endings cleanup-handler   the same, with a handler that cleans up, restores the default and
//                             raises the signal again
//   endings view              print what sigaction and signal say of SIGINT and SIGTERM
//   endings dump SNAPSHOT     work, energy_dump(), copy the report to SNAPSHOT, work more, exit
//   endings raise SIG SNAPSHOT  the same with raise(SIG) (ENERGY_DUMP_SIGNAL) for the dump
//   endings dump-many N       print "ready", then N times work and energy_dump(); print how
//                             many dumps failed
//   endings segv | abort      work, then crash
//   endings broken-pipe       work, then write to a pipe whose reader is gone; print whether
//                             the write came back (it does when SIGPIPE is ignored)
//   endings own-pipe-handler  the same with its own SIGPIPE handler, which says it ran
//   endings alarm             work, print "ready", then keep working until alarm(1) rings
//   endings stderr            work, write "1" to stderr
//   endings spawn-env-i PROG  work, then run `env -i PROG stderr` and wait for it
#include <energy/regions.h>

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static volatile sig_atomic_t Stop = 0;
static volatile double Sink = 0;

__attribute__((noinline)) void work(int rounds) {
  for (int r = 0; r < rounds; ++r)
    for (int i = 0; i < 1000; ++i)
      Sink += i * 0.5;
}

static void onTerm(int sig) {
  (void)sig;
  Stop = 1;
}

static void onPipe(int sig) {
  static const char text[] = "own pipe handler ran\n";
  (void)sig;
  write(1, text, sizeof text - 1);
}

/// Writes to a pipe nobody reads: SIGPIPE, or EPIPE once it is handled.
static int writeToBrokenPipe(void) {
  int fds[2];
  if (pipe(fds) != 0)
    return 1;
  close(fds[0]);
  work(10);
  ssize_t n = write(fds[1], "x", 1);
  printf("write came back: %s\n", n < 0 ? "EPIPE" : "written");
  return 0;
}

static void cleanUpAndDie(int sig) {
  static const char text[] = "cleaned up\n";
  write(1, text, sizeof text - 1);
  signal(sig, SIG_DFL);
  raise(sig);
}

/// Copies the file ENERGY_REPORT names (the snapshot just written) to `to`.
static int copyReport(const char *to) {
  const char *from = getenv("ENERGY_REPORT");
  FILE *in = from ? fopen(from, "rb") : NULL;
  FILE *out = fopen(to, "wb");
  if (!in || !out)
    return 1;
  char buf[65536];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, in)) > 0)
    fwrite(buf, 1, n, out);
  fclose(in);
  return fclose(out) != 0;
}

static int waitForSignal(void) {
  work(10);
  printf("ready\n");
  fflush(stdout);
  while (!Stop)
    work(1);
  return 0;
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "";
  if (!strcmp(mode, "wait"))
    return waitForSignal();
  if (!strcmp(mode, "own-handler")) {
    signal(SIGTERM, onTerm);
    waitForSignal();
    printf("own handler ran\n");
    return 0;
  }
  if (!strcmp(mode, "cleanup-handler")) {
    signal(SIGTERM, cleanUpAndDie);
    return waitForSignal();
  }
  if (!strcmp(mode, "view")) {
    struct sigaction old;
    sigaction(SIGINT, NULL, &old);
    printf("SIGINT default: %s\n",
           !(old.sa_flags & SA_SIGINFO) && old.sa_handler == SIG_DFL ? "yes" : "no");
    printf("signal(SIGTERM) was default: %s\n", signal(SIGTERM, onTerm) == SIG_DFL ? "yes" : "no");
    printf("SIGTERM now the program's: %s\n", signal(SIGTERM, SIG_DFL) == onTerm ? "yes" : "no");
    return 0;
  }
  if (!strcmp(mode, "dump") && argc > 2) {
    work(10);
    int result = energy_dump();
    printf("energy_dump: %d\n", result);
    if (copyReport(argv[2]))
      return 3;
    work(20);
    return 0;
  }
  if (!strcmp(mode, "dump-many") && argc > 2) {
    printf("ready\n");
    fflush(stdout);
    int failed = 0;
    for (int i = 0, n = atoi(argv[2]); i < n; ++i) {
      work(1);
      failed += energy_dump() != 0;
    }
    printf("failed dumps: %d\n", failed);
    return 0;
  }
  if (!strcmp(mode, "raise") && argc > 3) {
    work(10);
    raise(atoi(argv[2]));
    printf("still running\n");
    if (copyReport(argv[3]))
      return 3;
    work(20);
    return 0;
  }
  if (!strcmp(mode, "broken-pipe"))
    return writeToBrokenPipe();
  if (!strcmp(mode, "own-pipe-handler")) {
    signal(SIGPIPE, onPipe);
    return writeToBrokenPipe();
  }
  if (!strcmp(mode, "alarm")) {
    alarm(1);
    return waitForSignal();
  }
  if (!strcmp(mode, "segv")) {
    work(10);
    *(volatile int *)(Sink < 0 ? (void *)&Sink : NULL) = 1;
    return 0;
  }
  if (!strcmp(mode, "abort")) {
    work(10);
    abort();
  }
  if (!strcmp(mode, "stderr")) {
    work(10);
    fputs("1", stderr);
    return 0;
  }
  if (!strcmp(mode, "spawn-env-i") && argc > 2) {
    work(10);
    fflush(stdout);
    pid_t child = fork();
    if (child == 0) {
      execlp("env", "env", "-i", argv[2], "stderr", (char *)NULL);
      _exit(127);
    }
    int status = 0;
    waitpid(child, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
  }
  fprintf(stderr, "usage: endings MODE ...\n");
  return 2;
}
