// User code that only runs inside the standard library's templates: a lambda
// kept in std::function and called through a table the optimiser cannot see
// through, and a lambda run by std::thread. Each is inlined into the
// library's invoker (_M_invoke, _M_run) at -O2.
#include <cstdio>
#include <functional>
#include <thread>
#include <vector>

std::vector<double> Data(100000, 1.5);
double Result = 0;

__attribute__((noinline)) void runAll(const std::vector<std::function<void(int)>> &Tasks) {
  for (const auto &Task : Tasks)
    Task(4);
}

int main() {
  std::vector<std::function<void(int)>> Tasks;
  Tasks.push_back([](int Rounds) { // the scaling lambda
    for (int R = 0; R < Rounds; ++R)
      for (double &X : Data)
        X = X * 0.999 + 0.001;
  });
  runAll(Tasks);
  std::thread Worker([] { // the summing lambda
    for (double X : Data)
      Result += X * X;
  });
  Worker.join();
  std::printf("%.3f\n", Result);
  return 0;
}
