//===- energy/train/class_split.h - The paper's two program classes -------===//
//
// The paper splits programs by cache-misses >= 2e7 and fits one model per
// class (energy/model/class_split.h, shared with the model library). The
// threshold is given, or learned here as a one-level regression tree (a
// decision stump): the threshold on the feature that minimises the squared
// error of predicting each side's mean power.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_TRAIN_CLASS_SPLIT_H
#define ENERGY_TRAIN_CLASS_SPLIT_H

#include "energy/model/class_split.h"

#include <Eigen/Dense>

#include <cstddef>

namespace energy::train {

using model::ClassSplit;

/// The stump threshold on Values for target Y, leaving at least MinRows on
/// each side; throws TrainError when no such split exists.
double learnStumpThreshold(const Eigen::VectorXd &Values, const Eigen::VectorXd &Y, size_t MinRows);

} // namespace energy::train

#endif
