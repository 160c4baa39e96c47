// Control flow that a spanning tree of counters must follow exactly: branches,
// a switch with shared targets, early returns, loops with and without calls,
// exceptions thrown through frames with and without destructors, longjmp out
// of nested calls, and exit() from deep inside. Every block count must equal
// the one from counting each block by itself.
// Usage: control_flow N MODE   (MODE: return, exit)
#include <csetjmp>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>

static std::jmp_buf Jump;
static volatile long Sink;

struct Guard {
  int Id;
  ~Guard() { Sink += Id; }
};

__attribute__((noinline)) int classify(int X) {
  switch (X % 7) {
  case 0:
  case 3:
    return 1;
  case 1:
    if (X > 50)
      return 2;
    [[fallthrough]];
  case 2:
    return 3;
  case 5:
    return X & 1 ? 4 : 5;
  default:
    return 6;
  }
}

__attribute__((noinline)) void mayThrow(int X) {
  if (X % 5 == 0)
    throw std::runtime_error("five");
  Sink += X;
}

__attribute__((noinline)) int withCleanup(int X) {
  Guard G{X};
  mayThrow(X);
  return X % 3 == 0 ? classify(X) : X;
}

__attribute__((noinline)) int passThrough(int X) {
  int R = withCleanup(X);
  if (R > 10)
    R -= 10;
  return R;
}

__attribute__((noinline)) int catcher(int X) {
  try {
    return passThrough(X);
  } catch (const std::runtime_error &) {
    return -1;
  }
}

__attribute__((noinline)) void mayJump(int X) {
  if (X % 4 == 1)
    std::longjmp(Jump, X);
  Sink += 2 * X;
}

__attribute__((noinline)) int throughJump(int X) {
  int R = 0;
  for (int I = 0; I < 3; ++I) {
    mayJump(X + I);
    R += I;
  }
  return R;
}

__attribute__((noinline)) int jumper(int X) {
  if (int Value = setjmp(Jump))
    return Value;
  return throughJump(X);
}

__attribute__((noinline)) void deepExit(int Depth, int N) {
  if (Depth == 0) {
    std::printf("exit at %d\n", N);
    std::fflush(stdout);
    std::exit(0);
  }
  deepExit(Depth - 1, N + classify(Depth));
}

int main(int argc, char **argv) {
  int N = argc > 1 ? std::atoi(argv[1]) : 100;
  std::string Mode = argc > 2 ? argv[2] : "return";
  long Total = 0;
  for (int I = 0; I < N; ++I) {
    Total += classify(I);
    Total += catcher(I);
    Total += jumper(I);
  }
  std::printf("total %ld\n", Total);
  if (Mode == "exit")
    deepExit(5, N);
  return 0;
}
