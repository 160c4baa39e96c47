//===- energy/train/scaling.h - Min-max scaling of features to 0..1 -------===//
//
// The paper scales every feature to 0..1 before learning; the ranges seen in
// training are stored in the model so that the same map applies later. Values
// outside the training range map outside 0..1 (no clipping: a linear model
// extrapolates, a tree saturates on its own). A constant column maps to 0.
// The map itself is model::scaleToUnit, the one the model library applies.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_TRAIN_SCALING_H
#define ENERGY_TRAIN_SCALING_H

#include "document/View.h"

#include <Eigen/Dense>
#include <nlohmann/json.hpp>

namespace energy::train {

struct MinMaxScaling {
  Eigen::VectorXd min;
  Eigen::VectorXd max;

  static MinMaxScaling fit(const Eigen::MatrixXd &X);
  Eigen::MatrixXd apply(const Eigen::MatrixXd &X) const;
  double apply(Eigen::Index Feature, double Value) const;

  nlohmann::json toJson() const;
  /// The model library's reading (model::FeatureScaling::fromJson).
  static MinMaxScaling fromJson(const document::View &Scaling, size_t Features);
};

} // namespace energy::train

#endif
