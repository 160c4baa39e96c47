// A function inlined into two callers at -O2: scale_add's line is reached by first()'s call
// (1 call, N iterations) and second()'s (2 calls, N iterations each); each iteration does the
// 2 FLOPs of line 9 and the 1 FLOP of its caller's accumulation. annotate-inlined.test checks
// that line 9 holds 6N FLOPs, split 2N and 4N by call site. Usage: inlined N
#include <cstdlib>

int Calls = 0; // a side effect, so that the two calls of second() stay two
static inline double scale_add(double A, double X, double B) {
  return A * X + B;
}

__attribute__((noinline)) double first(const double *X, int N) {
  double S = 0;
  for (int I = 0; I < N; ++I)
    S += scale_add(2.0, X[I], 1.0);
  ++Calls;
  return S;
}

__attribute__((noinline)) double second(const double *X, int N) {
  double S = 0;
  for (int I = 0; I < N; ++I)
    S += scale_add(3.0, X[I], -1.0);
  ++Calls;
  return S;
}

int main(int argc, char **argv) {
  int N = argc > 1 ? std::atoi(argv[1]) : 1000;
  double *X = static_cast<double *>(std::calloc(N, sizeof(double)));
  double Sum = first(X, N) + second(X, N) + second(X, N);
  std::free(X);
  return Sum == -1.0 * N && Calls == 3 ? 0 : 1;
}
