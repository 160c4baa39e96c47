//===- metrics.cpp - The paper's error and MAE ----------------------------===//
#include "energy/train/metrics.h"
#include "energy/train/error.h"

#include <cmath>
#include <map>

namespace energy::train {

Errors computeErrors(const Eigen::VectorXd &Y, const Eigen::VectorXd &P,
                     const std::vector<std::string> &Programs) {
  require(Y.size() == P.size() && Programs.size() == static_cast<size_t>(Y.size()) && Y.size() > 0,
          "errors need as many predictions and programs as measurements");
  Errors E;
  std::map<std::string, size_t> Index;
  for (Eigen::Index R = 0; R < Y.size(); ++R) {
    auto [It, New] = Index.try_emplace(Programs[R], E.programs.size());
    if (New)
      E.programs.push_back({Programs[R]});
    ProgramError &PE = E.programs[It->second];
    ++PE.rows;
    PE.measuredWatts += Y(R);
    PE.predictedWatts += P(R);
    PE.epsilon += std::abs(Y(R) - P(R)) / Y(R);
    E.mae += std::abs(Y(R) - P(R));
  }
  E.mae /= static_cast<double>(Y.size());
  for (ProgramError &PE : E.programs) {
    double N = static_cast<double>(PE.rows);
    PE.measuredWatts /= N;
    PE.predictedWatts /= N;
    PE.epsilon /= N;
    E.meanEpsilon += PE.epsilon;
    E.maxEpsilon = std::max(E.maxEpsilon, PE.epsilon);
  }
  E.meanEpsilon /= static_cast<double>(E.programs.size());
  return E;
}

} // namespace energy::train
