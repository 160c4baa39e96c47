/* Conjugate-gradient solve of the 2-D Poisson equation on an n x n grid (5-point Laplacian,
 * zero boundary), the bundled demonstration program of EnergyPass: a real solver whose time is
 * spread over a memory-bound stencil, vector updates and reductions, so the per-function
 * report has something to say. Usage: cg [n] [iterations] */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* y = A x for the 5-point Laplacian with Dirichlet boundary. */
__attribute__((noinline)) void laplacian(long n, const double *x, double *y) {
  for (long i = 0; i < n; ++i)
    for (long j = 0; j < n; ++j) {
      double centre = x[i * n + j];
      double up = i > 0 ? x[(i - 1) * n + j] : 0.0;
      double down = i < n - 1 ? x[(i + 1) * n + j] : 0.0;
      double left = j > 0 ? x[i * n + j - 1] : 0.0;
      double right = j < n - 1 ? x[i * n + j + 1] : 0.0;
      y[i * n + j] = 4.0 * centre - up - down - left - right;
    }
}

__attribute__((noinline)) double dot(long m, const double *x, const double *y) {
  double s = 0.0;
  for (long i = 0; i < m; ++i)
    s += x[i] * y[i];
  return s;
}

/* y = a x + y */
__attribute__((noinline)) void axpy(long m, double a, const double *x, double *y) {
  for (long i = 0; i < m; ++i)
    y[i] += a * x[i];
}

/* p = r + b p */
__attribute__((noinline)) void xpby(long m, const double *r, double b, double *p) {
  for (long i = 0; i < m; ++i)
    p[i] = r[i] + b * p[i];
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 256;
  int iterations = argc > 2 ? atoi(argv[2]) : 500;
  long m = n * n;
  double *x = calloc(m, sizeof *x), *r = malloc(m * sizeof *r), *p = malloc(m * sizeof *p),
         *q = malloc(m * sizeof *q);
  if (!x || !r || !p || !q)
    return 1;
  for (long i = 0; i < m; ++i)
    r[i] = p[i] = 1.0; /* b = 1, x0 = 0, so r0 = b */
  double rr = dot(m, r, r);
  int it = 0;
  for (; it < iterations && sqrt(rr) > 1e-10; ++it) {
    laplacian(n, p, q);
    double alpha = rr / dot(m, p, q);
    axpy(m, alpha, p, x);
    axpy(m, -alpha, q, r);
    double rr_next = dot(m, r, r);
    xpby(m, r, rr_next / rr, p);
    rr = rr_next;
  }
  printf("cg: n=%ld iterations=%d residual=%.3e x[centre]=%.6f\n", n, it, sqrt(rr),
         x[(n / 2) * n + n / 2]);
  free(x);
  free(r);
  free(p);
  free(q);
  return 0;
}
