// A parent that forks 3 children, each doing a different amount of work and
// writing its own report at exit; the second child alone also runs extra(),
// so that one region is in one report only. The parent reports last.
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

__attribute__((noinline)) static double work(int Rounds) {
  double Sum = 0;
  for (int I = 0; I < Rounds * 3000000; ++I)
    Sum += I * 0.5;
  return Sum;
}

__attribute__((noinline)) static double extra(void) { return work(2) / 2; }

int main(void) {
  for (int Child = 1; Child <= 3; ++Child) {
    pid_t Pid = fork();
    if (Pid < 0)
      return 2;
    if (Pid == 0) {
      double Sum = work(Child) + (Child == 2 ? extra() : 0);
      exit(Sum > 0 ? 0 : 1);
    }
  }
  int Failed = 0, Status = 0;
  for (int Child = 1; Child <= 3; ++Child)
    if (wait(&Status) < 0 || !WIFEXITED(Status) || WEXITSTATUS(Status) != 0)
      Failed = 1;
  return work(4) > 0 ? Failed : 1;
}
