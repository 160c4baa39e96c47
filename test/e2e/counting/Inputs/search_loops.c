/* Loops whose exit depends on the data, so that ScalarEvolution cannot count their iterations
 * before they run: scans by pointer up and down, by a 32-bit index, over 24-byte records, with a
 * narrow unsigned counter that may wrap, and a partition's two inner scans. Usage: search_loops [n] */
#include <stdio.h>
#include <stdlib.h>

struct record {
  long key;
  double weight;
  int flags;
};

__attribute__((noinline)) long scanUp(const long *p, long bound) {
  const long *q = p;
  while (*q < bound)
    ++q;
  return q - p;
}

__attribute__((noinline)) long scanDown(const long *end, long bound) {
  const long *q = end;
  while (*q > bound)
    --q;
  return end - q;
}

__attribute__((noinline)) int firstAbove(const int *v, int bound) {
  int i = 0;
  while (v[i] <= bound)
    ++i;
  return i;
}

__attribute__((noinline)) double sumUntilFlagged(const struct record *r) {
  double s = 0;
  for (; !(r->flags & 1); ++r)
    s += r->weight * (double)r->key;
  return s;
}

/* An 8-bit counter that wraps around: its iterations cannot come from it. */
__attribute__((noinline)) unsigned wrapping(const unsigned char *v, unsigned limit) {
  unsigned char c = 0;
  unsigned steps = 0;
  while (v[c] != 0 && steps < limit) {
    ++c;
    ++steps;
  }
  return steps;
}

__attribute__((noinline)) long partition(long *a, long n) {
  long pivot = a[n / 2], i = -1, j = n;
  for (;;) {
    do
      ++i;
    while (a[i] < pivot);
    do
      --j;
    while (a[j] > pivot);
    if (i >= j)
      return j;
    long t = a[i];
    a[i] = a[j];
    a[j] = t;
  }
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1000;
  long *a = malloc((n + 2) * sizeof *a);
  int *v = malloc((n + 2) * sizeof *v);
  struct record *r = malloc((n + 2) * sizeof *r);
  unsigned char *bytes = malloc(1000);
  if (!a || !v || !r || !bytes)
    return 1;
  unsigned long x = 88172645463325252ul;
  for (long i = 0; i < n; ++i) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    a[i] = (long)(x % 1000);
    v[i] = (int)(x % 997);
    r[i].key = (long)(x % 31);
    r[i].weight = (double)(x % 7);
    r[i].flags = (x % 53) == 0;
  }
  a[n] = 1000000, v[n] = 1000000, r[n].flags = 1;
  for (int i = 0; i < 1000; ++i)
    bytes[i] = (unsigned char)(i % 300 != 299);
  long total = 0;
  double weights = 0;
  for (long i = 0; i < n; i += 7) {
    total += scanUp(a + i, 990);
    total += scanDown(a + n - 1 - i / 2, 10);
    total += firstAbove(v + i, 980);
    weights += sumUntilFlagged(r + i);
  }
  total += wrapping(bytes, 700) + wrapping(bytes + 300, 1000);
  for (long len = n; len > 16; len /= 2)
    total += partition(a, len);
  printf("total %ld weights %.0f\n", total, weights);
  return 0;
}
