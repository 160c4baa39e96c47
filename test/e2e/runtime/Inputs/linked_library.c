// Linked twice: as a shared library (-DLIBRARY) and as the program that uses it.
#include <stdio.h>

double library_work(int N);

#ifdef LIBRARY
double library_work(int N) {
  double Sum = 0;
  for (int I = 0; I < N; ++I)
    Sum += I * 0.5;
  return Sum;
}
#else
static double program_work(int N) {
  double Sum = 0;
  for (int I = 0; I < N; ++I)
    Sum += I * 1.5;
  return Sum;
}

int main(void) {
  printf("%.1f\n", library_work(1000) + program_work(1000));
  return 0;
}
#endif
