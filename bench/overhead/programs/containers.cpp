// Call-heavy C++: std::map inserts and lookups, std::vector growth and sorting; most of the time
// goes to small template functions of the standard library. Usage: containers [n] [reps]
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <vector>

int main(int argc, char **argv) {
  long n = argc > 1 ? std::atol(argv[1]) : 200000;
  long reps = argc > 2 ? std::atol(argv[2]) : 5;
  unsigned long checksum = 0;
  for (long r = 0; r < reps; ++r) {
    std::map<long, long> counts;
    std::vector<long> values;
    unsigned long x = 12345 + r;
    for (long i = 0; i < n; ++i) {
      x = x * 6364136223846793005ul + 1442695040888963407ul;
      long key = static_cast<long>((x >> 33) % (n / 4 + 1));
      ++counts[key];
      values.push_back(key);
    }
    std::sort(values.begin(), values.end());
    for (long v : values)
      checksum += counts.find(v)->second;
  }
  std::printf("containers %lu\n", checksum);
  return 0;
}
