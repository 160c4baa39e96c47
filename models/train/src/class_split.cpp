//===- class_split.cpp - The paper's two program classes ------------------===//
#include "energy/train/class_split.h"
#include "energy/train/error.h"

#include <algorithm>
#include <limits>
#include <numeric>
#include <vector>

namespace energy::train {

double learnStumpThreshold(const Eigen::VectorXd &V, const Eigen::VectorXd &Y, size_t MinRows) {
  size_t N = static_cast<size_t>(V.size());
  std::vector<size_t> Order(N);
  std::iota(Order.begin(), Order.end(), 0);
  std::sort(Order.begin(), Order.end(), [&](size_t A, size_t B) { return V(A) < V(B); });
  double Total = Y.sum(), TotalSq = Y.squaredNorm();
  double LeftSum = 0, LeftSq = 0;
  double Best = std::numeric_limits<double>::infinity(), Threshold = 0;
  bool Found = false;
  // Scanning the sorted values keeps running sums, so each candidate split's
  // squared error costs O(1): SSE = sum y^2 - (sum y)^2 / n on each side.
  for (size_t I = 0; I + 1 < N; ++I) {
    double Yi = Y(Order[I]);
    LeftSum += Yi;
    LeftSq += Yi * Yi;
    size_t L = I + 1, R = N - L;
    if (L < MinRows || R < MinRows || V(Order[I]) == V(Order[I + 1]))
      continue;
    double RightSum = Total - LeftSum, RightSq = TotalSq - LeftSq;
    double Sse = LeftSq - LeftSum * LeftSum / L + RightSq - RightSum * RightSum / R;
    if (Sse < Best) {
      Best = Sse;
      Threshold = (V(Order[I]) + V(Order[I + 1])) / 2;
      Found = true;
    }
  }
  require(Found, "no class split leaves " + std::to_string(MinRows) +
                     " rows on each side; use fewer classes (--split none)");
  return Threshold;
}

} // namespace energy::train
