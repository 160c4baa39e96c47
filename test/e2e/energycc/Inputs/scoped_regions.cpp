// energy::ScopedRegion: a region from its construction to the end of its scope, on every path
// out of it (return, exception). accumulate(v) adds v.size() numbers per call whether or not it
// throws afterwards. Built without energyc++ it compiles to nothing.
#include <energy/regions.h>

#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <vector>

__attribute__((noinline)) double accumulate(const std::vector<double> &v, bool fail) {
  energy::ScopedRegion Region("accumulate");
  double sum = 0.0;
  for (double x : v)
    sum += x;
  if (fail)
    throw std::runtime_error("failed on purpose");
  return sum;
}

int main(int argc, char **argv) {
  long n = argc > 1 ? std::atol(argv[1]) : 1000;
  long reps = argc > 2 ? std::atol(argv[2]) : 8;
  std::vector<double> v(n, 0.5);
  double total = 0.0;
  long caught = 0;
  for (long r = 0; r < reps; ++r) {
    try {
      total += accumulate(v, r % 4 == 3);
    } catch (const std::exception &) {
      ++caught;
    }
  }
  std::printf("scoped: n=%ld reps=%ld total=%g caught=%ld\n", n, reps, total, caught);
  return 0;
}
