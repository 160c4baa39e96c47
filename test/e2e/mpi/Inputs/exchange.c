// Rank 0 sends 1000 doubles to rank 1 (MPI_Send / MPI_Recv), every rank
// exchanges one double with every other (MPI_Isend / MPI_Irecv / MPI_Waitall),
// then all of them take part in 10 MPI_Allreduce of one double, an
// MPI_Bcast of 4 ints from rank 0, and an MPI_Barrier after rank 0 worked
// alone for a while, so that the others wait in it.
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

enum { Doubles = 1000 };

__attribute__((noinline)) static double work(int n) {
  double s = 0;
  for (int i = 1; i <= n; ++i)
    s += 1.0 / i;
  return s;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);

  static double block[Doubles];
  if (rank == 0) {
    for (int i = 0; i < Doubles; ++i)
      block[i] = i;
    MPI_Send(block, Doubles, MPI_DOUBLE, 1, 7, MPI_COMM_WORLD);
  } else if (rank == 1) {
    MPI_Recv(block, Doubles, MPI_DOUBLE, 0, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }

  double *out = malloc(sizeof(double) * size), *in = malloc(sizeof(double) * size);
  MPI_Request *requests = malloc(sizeof(MPI_Request) * 2 * size);
  int n = 0;
  for (int peer = 0; peer < size; ++peer) {
    if (peer == rank)
      continue;
    out[peer] = rank;
    MPI_Irecv(&in[peer], 1, MPI_DOUBLE, peer, 9, MPI_COMM_WORLD, &requests[n++]);
    MPI_Isend(&out[peer], 1, MPI_DOUBLE, peer, 9, MPI_COMM_WORLD, &requests[n++]);
  }
  MPI_Waitall(n, requests, MPI_STATUSES_IGNORE);

  double sum = 0;
  for (int i = 0; i < 10; ++i) {
    double mine = rank + i, total;
    MPI_Allreduce(&mine, &total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    sum += total;
  }
  int settings[4] = {rank, 1, 2, 3};
  MPI_Bcast(settings, 4, MPI_INT, 0, MPI_COMM_WORLD);
  if (rank == 0)
    sum += work(50000000);
  MPI_Barrier(MPI_COMM_WORLD);
  printf("rank %d: %g %d %g\n", rank, sum, settings[0], block[Doubles - 1]);
  free(out);
  free(in);
  free(requests);
  MPI_Finalize();
  return 0;
}
