//===- energy/train/linear.h - Least squares, ridge and lasso on Eigen ----===//
//
// The paper's linear learners. All fit an unpenalised intercept (the data are
// centred first). Ridge minimises |y - Xc - b|^2 + alpha |c|^2; lasso
// minimises |y - Xc - b|^2 / (2n) + alpha |c|_1 by cyclic coordinate descent
// (the objectives scikit-learn uses, so alphas are comparable).
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_TRAIN_LINEAR_H
#define ENERGY_TRAIN_LINEAR_H

#include <Eigen/Dense>

namespace energy::train {

struct LinearFit {
  Eigen::VectorXd coef;
  double intercept = 0.0;

  Eigen::VectorXd predict(const Eigen::MatrixXd &X) const { return (X * coef).array() + intercept; }
};

/// Minimum-norm least squares (rank-deficient X is fine).
LinearFit fitOls(const Eigen::MatrixXd &X, const Eigen::VectorXd &Y);
LinearFit fitRidge(const Eigen::MatrixXd &X, const Eigen::VectorXd &Y, double Alpha);
LinearFit fitLasso(const Eigen::MatrixXd &X, const Eigen::VectorXd &Y, double Alpha,
                   int MaxSweeps = 10000, double Tolerance = 1e-8);

} // namespace energy::train

#endif
