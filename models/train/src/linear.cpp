//===- linear.cpp - Least squares, ridge and lasso on Eigen ---------------===//
#include "energy/train/linear.h"

#include <cmath>

namespace energy::train {

namespace {

struct Centred {
  Eigen::MatrixXd x;
  Eigen::VectorXd y;
  Eigen::RowVectorXd xMean;
  double yMean;
};

/// Centring lets the intercept go unpenalised: b = mean(y) - mean(x).c.
Centred centre(const Eigen::MatrixXd &X, const Eigen::VectorXd &Y) {
  Centred C;
  C.xMean = X.colwise().mean();
  C.yMean = Y.mean();
  C.x = X.rowwise() - C.xMean;
  C.y = Y.array() - C.yMean;
  return C;
}

LinearFit finish(const Centred &C, Eigen::VectorXd Coef) {
  LinearFit F;
  F.intercept = C.yMean - C.xMean.dot(Coef);
  F.coef = std::move(Coef);
  return F;
}

double softThreshold(double V, double T) { return V > T ? V - T : (V < -T ? V + T : 0.0); }

} // namespace

LinearFit fitOls(const Eigen::MatrixXd &X, const Eigen::VectorXd &Y) {
  Centred C = centre(X, Y);
  Eigen::CompleteOrthogonalDecomposition<Eigen::MatrixXd> Cod(C.x);
  return finish(C, Cod.solve(C.y));
}

LinearFit fitRidge(const Eigen::MatrixXd &X, const Eigen::VectorXd &Y, double Alpha) {
  Centred C = centre(X, Y);
  Eigen::MatrixXd Gram = C.x.transpose() * C.x;
  Gram.diagonal().array() += Alpha;
  return finish(C, Gram.ldlt().solve(C.x.transpose() * C.y));
}

LinearFit fitLasso(const Eigen::MatrixXd &X, const Eigen::VectorXd &Y, double Alpha, int MaxSweeps,
                   double Tolerance) {
  Centred C = centre(X, Y);
  const double N = static_cast<double>(X.rows());
  Eigen::VectorXd ColumnNorm = C.x.colwise().squaredNorm().transpose() / N;
  Eigen::VectorXd Coef = Eigen::VectorXd::Zero(X.cols());
  Eigen::VectorXd Residual = C.y;
  for (int Sweep = 0; Sweep < MaxSweeps; ++Sweep) {
    double MaxChange = 0.0, MaxCoef = 0.0;
    for (Eigen::Index J = 0; J < X.cols(); ++J) {
      if (ColumnNorm(J) == 0.0)
        continue;
      double Old = Coef(J);
      double Rho = C.x.col(J).dot(Residual) / N + ColumnNorm(J) * Old;
      double New = softThreshold(Rho, Alpha) / ColumnNorm(J);
      if (New != Old) {
        Residual -= C.x.col(J) * (New - Old);
        Coef(J) = New;
      }
      MaxChange = std::max(MaxChange, std::abs(New - Old));
      MaxCoef = std::max(MaxCoef, std::abs(New));
    }
    if (MaxChange <= Tolerance * std::max(1.0, MaxCoef))
      break;
  }
  return finish(C, Coef);
}

} // namespace energy::train
