//===- energy/train/class_split.h - The paper's two program classes -------===//
//
// The paper splits programs by cache-misses >= 2e7 and fits one model per
// class. The threshold is given, or learned as a one-level regression tree (a
// decision stump): the threshold on the feature that minimises the squared
// error of predicting each side's mean power.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_TRAIN_CLASS_SPLIT_H
#define ENERGY_TRAIN_CLASS_SPLIT_H

#include <Eigen/Dense>
#include <nlohmann/json.hpp>

#include <string>

namespace energy::train {

struct ClassSplit {
  std::string feature = "cache-misses";
  double threshold = 2e7;

  /// Class 0 is feature >= threshold, class 1 the others (the paper's order).
  int classOf(double Value) const { return Value >= threshold ? 0 : 1; }
  std::string condition(int Class) const;

  nlohmann::json toJson() const;
  static ClassSplit fromJson(const nlohmann::json &J);
};

/// The stump threshold on Values for target Y, leaving at least MinRows on
/// each side; throws TrainError when no such split exists.
double learnStumpThreshold(const Eigen::VectorXd &Values,
                           const Eigen::VectorXd &Y, size_t MinRows);

} // namespace energy::train

#endif
