// A region that waits: 0.3 s asleep and a little arithmetic, in a loop so that the pass times it.
#include <stdio.h>
#include <time.h>

__attribute__((noinline)) double wait_a_while(int steps) {
  double sum = 0;
  for (int i = 0; i < steps; ++i) {
    struct timespec t = {0, 300000000 / steps};
    nanosleep(&t, NULL);
    sum += i * 0.5;
  }
  return sum;
}

int main(void) {
  printf("%g\n", wait_a_while(3));
  return 0;
}
