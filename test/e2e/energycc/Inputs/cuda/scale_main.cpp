// scale_main.cpp - plain C++ that calls the launcher in scale.cu.
#include <cstdio>

bool scale_on_device(float *host, int n, float factor);

int main() {
  const int n = 1000;
  static float x[n];
  for (int i = 0; i < n; ++i)
    x[i] = float(i);
  bool ok = scale_on_device(x, n, 2.0f);
  for (int i = 0; i < n; ++i)
    ok = ok && x[i] == 2.0f * i;
  std::printf("scale: %s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
