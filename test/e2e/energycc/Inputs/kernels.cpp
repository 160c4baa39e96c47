// A C++ program for energyc++: a function template in a namespace, so that the
// report carries a demangled name, with 2 FLOPs per element per call of axpy.
#include <cstdio>
#include <vector>

namespace demo {
template <typename T>
__attribute__((noinline)) void axpy(T A, const std::vector<T> &X,
                                    std::vector<T> &Y) {
  for (size_t I = 0; I < X.size(); ++I)
    Y[I] = A * X[I] + Y[I];
}
} // namespace demo

int main() {
  std::vector<double> X(1000, 1.0), Y(1000, 2.0);
  for (int R = 0; R < 3; ++R)
    demo::axpy(0.5, X, Y);
  std::printf("%g\n", Y[999]);
}
