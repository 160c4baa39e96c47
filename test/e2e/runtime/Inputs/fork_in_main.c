// The child of fork() runs a loop in main, the function that called fork(): main's entry ran
// before the fork, so the child's counts, which start at zero there, hold no entry of main.
// The parent waits, then prints its pid. Both loops run N iterations of one division and one
// addition in double.
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv) {
  long N = argc > 1 ? atol(argv[1]) : 1000000;
  pid_t Child = fork();
  if (Child < 0)
    return 2;
  if (Child == 0) {
    double S = 0;
    for (long I = 1; I <= N; ++I)
      S += 1.0 / (double)I;
    printf("child %.6f\n", S);
    return 0;
  }
  int Status = 0;
  waitpid(Child, &Status, 0);
  printf("parent %d\n", (int)getpid());
  return WIFEXITED(Status) ? WEXITSTATUS(Status) : 3;
}
