// Rank 0 does one unit of work per step, every other rank three; each of the
// 10 steps ends in an MPI_Allreduce of one double, in which rank 0 waits for
// the others. A unit is `Flops` floating-point operations in `unit`, so a
// job report's by_rank FLOPs of `unit` are exactly 1 : 3 : 3 ... and its self
// time and energy are imbalanced about so. With BALANCED set in the
// environment, every rank does three units.
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

enum { Steps = 10, UnitIterations = 4000000 };

// Two FLOPs an iteration; the volatile keeps the loop from being folded.
__attribute__((noinline)) static double unit(double x) {
  volatile double step = 1e-9;
  double s = x;
  for (int i = 0; i < UnitIterations; ++i)
    s = s * 0.999999 + step;
  return s;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int units = rank == 0 && !getenv("BALANCED") ? 1 : 3;
  double total = 0;
  for (int step = 0; step < Steps; ++step) {
    double mine = 0;
    for (int u = 0; u < units; ++u)
      mine += unit(step + u);
    double sum;
    MPI_Allreduce(&mine, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    total += sum;
  }
  if (rank == 0)
    printf("%g\n", total);
  MPI_Finalize();
  return 0;
}
