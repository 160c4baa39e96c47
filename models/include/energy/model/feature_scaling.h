//===- energy/model/feature_scaling.h - Min-max scaling of features to 0..1
//===//
//
// The paper scales every feature to 0..1 before learning; the ranges seen in
// training are stored in the model so that the same map applies later. Values
// outside the training range map outside 0..1 (no clipping: a linear model
// extrapolates, a tree saturates on its own). A constant feature maps to 0.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_MODEL_FEATURE_SCALING_H
#define ENERGY_MODEL_FEATURE_SCALING_H

#include "document/View.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace energy::model {

/// (Value - Min) / (Max - Min), or 0 when Max <= Min.
inline double scaleToUnit(double Value, double Min, double Max) {
  double Range = Max - Min;
  return Range > 0 ? (Value - Min) / Range : 0.0;
}

struct FeatureScaling {
  std::vector<double> min;
  std::vector<double> max;

  double apply(size_t Feature, double Value) const {
    return scaleToUnit(Value, min[Feature], max[Feature]);
  }

  nlohmann::json toJson() const { return {{"min", min}, {"max", max}}; }
  /// A model's "scaling"; throws the error of Scaling's reader unless both
  /// arrays hold Features finite numbers.
  static FeatureScaling fromJson(const document::View &Scaling, size_t Features);
};

} // namespace energy::model

#endif
