//===- energy/train/metrics.h - The paper's error and MAE -----------------===//
//
// The paper's error of a prediction is eps = |y - p| / y. A program's error is
// the mean eps over its rows (its runs, or its intervals), and a learner's
// error is the mean over programs (the paper's Table 1). The mean absolute
// error in watts is over all rows.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_TRAIN_METRICS_H
#define ENERGY_TRAIN_METRICS_H

#include <Eigen/Dense>

#include <string>
#include <vector>

namespace energy::train {

struct ProgramError {
  std::string program;
  size_t rows = 0;
  double measuredWatts = 0.0;  ///< mean measured power
  double predictedWatts = 0.0; ///< mean predicted power
  double epsilon = 0.0;        ///< mean |y - p| / y over its rows
};

struct Errors {
  double mae = 0.0;         ///< watts, over rows
  double meanEpsilon = 0.0; ///< mean over programs of their mean eps
  double maxEpsilon = 0.0;  ///< the worst program's eps
  std::vector<ProgramError> programs;
};

Errors computeErrors(const Eigen::VectorXd &Measured, const Eigen::VectorXd &Predicted,
                     const std::vector<std::string> &Programs);

} // namespace energy::train

#endif
