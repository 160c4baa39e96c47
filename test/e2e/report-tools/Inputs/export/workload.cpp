// A C++ program for the exports: an always-inlined kernel whose FLOPs belong to its two callers,
// smooth() reached by two call paths (from main and from a thread's start routine), and with
// "fork" a child process that writes a report of its own. Usage: workload ROUNDS [fork]
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>

#include <sys/wait.h>
#include <unistd.h>

namespace work {

inline __attribute__((always_inline)) double blend(double A, double B) {
  return 0.5 * A + 0.25 * B;
}

__attribute__((noinline)) void smooth(std::vector<double> &X, int Rounds) {
  for (int R = 0; R < Rounds; ++R)
    for (size_t I = 1; I + 1 < X.size(); ++I)
      X[I] = blend(X[I], X[I - 1] + X[I + 1]);
}

__attribute__((noinline)) void sharpen(std::vector<double> &X, int Rounds) {
  for (int R = 0; R < Rounds; ++R)
    for (size_t I = 1; I < X.size(); ++I)
      X[I] = blend(2.0 * X[I], -X[I - 1]);
}

__attribute__((noinline)) void worker(std::vector<double> *X, int Rounds) {
  smooth(*X, Rounds);
  for (double &V : *X)
    V = std::sqrt(V * V + 1.0);
}

} // namespace work

int main(int argc, char **argv) {
  int Rounds = argc > 1 ? std::atoi(argv[1]) : 200;
  bool Fork = argc > 2 && std::strcmp(argv[2], "fork") == 0;
  std::vector<double> A(50000, 1.0), B(50000, 2.0);
  std::thread Worker(work::worker, &B, Rounds);
  work::smooth(A, Rounds);
  work::sharpen(A, Rounds);
  Worker.join();
  if (Fork) {
    pid_t Child = fork();
    if (Child == 0) {
      work::sharpen(B, Rounds);
      return 0;
    }
    int Status = 0;
    waitpid(Child, &Status, 0);
  }
  std::printf("%g %g\n", A[5], B[5]);
}
