// Programs with their own handler for an ending signal, for chained-handlers.test. Each mode calls
// work() 25 times, then sends itself SIGTERM; a handler that returns lets it go on, print what the
// handler saw, copy the report written meanwhile (the snapshot) to SNAPSHOT when given, and call
// work() 5 times more. Built with or without EnergyPass, it prints the same.
//   chained exit-in-handler          a handler that _exit(3)s
//   chained wait-exit                the same handler; "ready", then work until a signal comes
//   chained flag [SNAPSHOT]          a handler that sets a flag and returns
//   chained siginfo [SNAPSHOT]       an SA_SIGINFO handler: what its siginfo says
//   chained mask [SNAPSHOT]          SIGUSR1 in the handler's sa_mask: blocked inside, pending there
//   chained nodefer [SNAPSHOT]       SA_NODEFER: SIGTERM itself not blocked inside
//   chained bsd [SNAPSHOT]           signal(): two deliveries, SIGTERM blocked inside, and a read()
//                                    interrupted by SIGTERM restarts
//   chained no-restart [SNAPSHOT]    sigaction without SA_RESTART: the read() fails with EINTR
//   chained resethand [SNAPSHOT]     SA_RESETHAND: the handler runs once, the default reads back,
//                                    and a second SIGTERM ends the process
//   chained readback [SNAPSHOT]      sigaction(SIGTERM, NULL, &old) reads back what was set
//   chained early [SNAPSHOT]         flag's handler, installed by a constructor that runs before
//                                    the runtime starts (its modules register at priority 101)
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static volatile double Sink = 0;
static volatile sig_atomic_t Handled = 0;
static volatile sig_atomic_t SignoMatches = 0, PidMatches = 0, HasContext = 0;
static volatile sig_atomic_t Usr1Blocked = 0, TermBlocked = 0, Usr1Pending = 0;
static volatile sig_atomic_t Usr1Handled = 0;

__attribute__((noinline)) void work(int rounds) {
  for (int r = 0; r < rounds; ++r)
    for (int i = 0; i < 1000; ++i)
      Sink += i * 0.5;
}

static void workTimes(int times) {
  for (int i = 0; i < times; ++i)
    work(1);
}

static void exitThree(int sig) {
  (void)sig;
  _exit(3);
}

static void noteMask(void) {
  sigset_t now, pending;
  sigprocmask(SIG_BLOCK, NULL, &now);
  Usr1Blocked = sigismember(&now, SIGUSR1);
  TermBlocked = sigismember(&now, SIGTERM);
  kill(getpid(), SIGUSR1);
  sigpending(&pending);
  Usr1Pending = sigismember(&pending, SIGUSR1);
}

static void setFlag(int sig) {
  (void)sig;
  Handled = Handled + 1;
}

static void checkMask(int sig) {
  (void)sig;
  noteMask();
  Handled = Handled + 1;
}

static void onUsr1(int sig) {
  (void)sig;
  Usr1Handled = 1;
}

static void readInfo(int sig, siginfo_t *info, void *context) {
  SignoMatches = sig == SIGTERM && info && info->si_signo == SIGTERM;
  PidMatches = info && info->si_pid == getpid() && info->si_code == SI_USER;
  HasContext = context != NULL;
  Handled = Handled + 1;
}

static const char *yes(int b) { return b ? "yes" : "no"; }

/// Copies the file ENERGY_REPORT names (the snapshot the signal wrote) to `to`.
static void copyReport(const char *to) {
  const char *from = getenv("ENERGY_REPORT");
  FILE *in = from ? fopen(from, "rb") : NULL;
  FILE *out = to ? fopen(to, "wb") : NULL;
  if (in && out) {
    char buf[65536];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, in)) > 0)
      fwrite(buf, 1, n, out);
  }
  if (in)
    fclose(in);
  if (out)
    fclose(out);
}

static int install(void (*handler)(int), int flags, int masked) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = handler;
  action.sa_flags = flags;
  sigemptyset(&action.sa_mask);
  if (masked)
    sigaddset(&action.sa_mask, masked);
  return sigaction(SIGTERM, &action, NULL);
}

// glibc passes constructors the program's arguments, as it passes main.
__attribute__((constructor(100))) static void installEarly(int argc, char **argv) {
  if (argc > 1 && !strcmp(argv[1], "early"))
    install(setFlag, SA_RESTART, 0);
}

/// Whether process Pid is asleep in the kernel (state S in /proc/PID/stat).
static int asleep(pid_t pid) {
  char path[64], line[512];
  snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
  FILE *stat = fopen(path, "r");
  if (!stat)
    return 0;
  char *got = fgets(line, sizeof line, stat);
  fclose(stat);
  char *end = got ? strrchr(line, ')') : NULL;
  return end && end[1] == ' ' && end[2] == 'S';
}

/// A read() from a pipe that a child fills after sending SIGTERM to this process: how it ended.
/// The child signals once this process sleeps in the read, not after a fixed delay, which a
/// loaded machine can outlast (the signal then came before the read and nothing interrupted it).
static const char *readInterruptedByTerm(void) {
  int fds[2];
  if (pipe(fds) != 0)
    return "no pipe";
  pid_t parent = getpid();
  pid_t child = fork();
  if (child == 0) {
    for (int tries = 0; tries < 5000 && !asleep(parent); ++tries)
      usleep(1000);
    kill(parent, SIGTERM);
    usleep(200000);
    write(fds[1], "x", 1);
    _exit(0);
  }
  char c;
  ssize_t got = read(fds[0], &c, 1);
  int error = errno;
  waitpid(child, NULL, 0);
  close(fds[0]);
  close(fds[1]);
  return got == 1 ? "restarted" : error == EINTR ? "EINTR" : "failed";
}

static void sameSets(const sigset_t *a, const sigset_t *b, int *equal) {
  for (int s = 1; s < NSIG; ++s)
    if (sigismember(a, s) != sigismember(b, s))
      *equal = 0;
}

static int readBack(void) {
  struct sigaction set, old;
  memset(&set, 0, sizeof set);
  set.sa_sigaction = readInfo;
  set.sa_flags = SA_SIGINFO | SA_RESTART | SA_ONSTACK | SA_NODEFER;
  sigemptyset(&set.sa_mask);
  sigaddset(&set.sa_mask, SIGUSR1);
  sigaddset(&set.sa_mask, SIGHUP);
  if (sigaction(SIGTERM, &set, NULL) != 0 || sigaction(SIGTERM, NULL, &old) != 0)
    return 1;
  int equal = 1;
  sameSets(&set.sa_mask, &old.sa_mask, &equal);
  printf("handler: %s\n", yes(old.sa_sigaction == readInfo));
  // The C library adds its own restorer flag to what it reads back from the kernel.
  printf("flags: %s\n", yes((old.sa_flags & ~0x04000000) == set.sa_flags));
  printf("mask: %s\n", yes(equal));
  return 0;
}

static int resetHand(const char *snapshot) {
  install(setFlag, SA_RESETHAND, 0);
  workTimes(25);
  kill(getpid(), SIGTERM);
  struct sigaction now;
  sigaction(SIGTERM, NULL, &now);
  printf("handled: %d\n", (int)Handled);
  printf("default after the first: %s\n", yes(now.sa_handler == SIG_DFL));
  printf("flags kept: %s\n", yes((now.sa_flags & SA_RESETHAND) != 0));
  fflush(stdout);
  copyReport(snapshot);
  workTimes(5);
  kill(getpid(), SIGTERM);
  printf("still running\n");
  return 0;
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "";
  const char *snapshot = argc > 2 ? argv[2] : NULL;
  if (!strcmp(mode, "exit-in-handler") || !strcmp(mode, "wait-exit")) {
    install(exitThree, 0, 0);
    workTimes(25);
    if (!strcmp(mode, "exit-in-handler"))
      kill(getpid(), SIGTERM);
    printf("ready\n");
    fflush(stdout);
    for (;;)
      work(1);
  }
  if (!strcmp(mode, "flag")) {
    install(setFlag, SA_RESTART, 0);
  } else if (!strcmp(mode, "siginfo")) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = readInfo;
    action.sa_flags = SA_SIGINFO;
    sigemptyset(&action.sa_mask);
    sigaction(SIGTERM, &action, NULL);
  } else if (!strcmp(mode, "mask") || !strcmp(mode, "nodefer")) {
    signal(SIGUSR1, onUsr1);
    install(checkMask, !strcmp(mode, "nodefer") ? SA_NODEFER : 0, SIGUSR1);
  } else if (!strcmp(mode, "bsd") || !strcmp(mode, "no-restart")) {
    if (!strcmp(mode, "bsd"))
      signal(SIGTERM, checkMask);
    else
      install(checkMask, 0, 0);
    signal(SIGUSR1, onUsr1);
    workTimes(25);
    printf("read: %s\n", readInterruptedByTerm());
    kill(getpid(), SIGTERM);
    printf("handled: %d\n", (int)Handled);
    printf("SIGTERM blocked inside: %s\n", yes(TermBlocked));
    fflush(stdout);
    copyReport(snapshot);
    workTimes(5);
    return 0;
  } else if (!strcmp(mode, "resethand")) {
    return resetHand(snapshot);
  } else if (!strcmp(mode, "readback")) {
    if (readBack() != 0)
      return 1;
  } else if (strcmp(mode, "early")) {
    fprintf(stderr, "usage: chained MODE [SNAPSHOT]\n");
    return 2;
  }
  workTimes(25);
  kill(getpid(), SIGTERM);
  printf("handled: %d\n", (int)Handled);
  if (!strcmp(mode, "siginfo") || !strcmp(mode, "readback"))
    printf("si_signo: %s, si_pid: %s, context: %s\n", yes(SignoMatches), yes(PidMatches),
           yes(HasContext));
  if (!strcmp(mode, "mask") || !strcmp(mode, "nodefer")) {
    printf("SIGUSR1 blocked inside: %s, pending inside: %s, handled after: %s\n", yes(Usr1Blocked),
           yes(Usr1Pending), yes(Usr1Handled));
    printf("SIGTERM blocked inside: %s\n", yes(TermBlocked));
  }
  fflush(stdout);
  copyReport(snapshot);
  workTimes(5);
  return 0;
}
