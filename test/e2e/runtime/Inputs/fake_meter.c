// A program measured against a fake RAPL powercap tree (a copy of the meters'
// fixture, ../../lib/fake_powercap.h): it advances the tree's psys counter itself as it works, 0.1 J per
// 20 ms step of busy work in burn(), a millijoule at its start and nothing
// while it sleeps, so that the runtime's measured energy per region can be
// checked against known joules. `fake_meter COUNTER wait` first sleeps 0.3 s
// in waiter() instead, while idle_power.py advances the counter at the
// machine's idle power; both writers lock the counter so that no increment
// is lost.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../lib/fake_powercap.h"

__attribute__((noinline)) void waiter(void) { usleep(300000); }

__attribute__((noinline)) double burn(const char *counter, int steps) {
  double sum = 0;
  for (int step = 0; step < steps; ++step) {
    double end = now() + 0.02;
    while (now() < end)
      for (int i = 0; i < 1000; ++i)
        sum += i * 0.5;
    advance(counter, 100000);
  }
  return sum;
}

int main(int argc, char **argv) {
  if (argc == 3 && strcmp(argv[2], "wait") == 0) {
    waiter();
    return burn(argv[1], 15) < 0;
  }
  if (argc != 2)
    return 2;
  // A millijoule at once: the runtime gives a meter 0.1 s to count before it
  // deems it dead, which the first step below may miss on a loaded machine.
  advance(argv[1], 1000);
  usleep(60000);
  double sum = burn(argv[1], 15);
  usleep(60000);
  return sum < 0;
}
