// Ranks of one node measured against one fake RAPL powercap tree (a copy of
// the meters' fixture), as ranks on one node share its meters: between two
// barriers every rank works 15 steps of 20 ms and adds 0.05 J to the tree's
// psys counter after each, so that the node's meter grows by 0.75 J per rank
// and each rank's report sees all of it. Like runtime/Inputs/fake_meter.c,
// each rank first adds a millijoule, so that the runtime finds the meter
// alive, and the writers lock the counter so that no increment is lost.
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "../../lib/fake_powercap.h"

__attribute__((noinline)) double burn(const char *counter, int steps) {
  double sum = 0;
  for (int step = 0; step < steps; ++step) {
    double end = now() + 0.02;
    while (now() < end)
      for (int i = 0; i < 1000; ++i)
        sum += i * 0.5;
    advance(counter, 50000);
  }
  return sum;
}

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  advance(argv[1], 1000);
  usleep(60000);
  MPI_Init(&argc, &argv);
  MPI_Barrier(MPI_COMM_WORLD);
  double sum = burn(argv[1], 15);
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  usleep(60000);
  return sum < 0;
}
