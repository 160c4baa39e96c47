//===- energy/model/class_split.h - The paper's two program classes -------===//
//
// The paper splits programs by cache-misses >= 2e7 and fits one model per
// class. A learned model with a split applies the regressor of the class a
// sample falls in. (energy-train learns the threshold; see
// energy/train/class_split.h.)
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_MODEL_CLASS_SPLIT_H
#define ENERGY_MODEL_CLASS_SPLIT_H

#include "document/View.h"

#include <nlohmann/json.hpp>

#include <string>

namespace energy::model {

struct ClassSplit {
  std::string feature = "cache-misses";
  double threshold = 2e7;

  /// Class 0 is feature >= threshold, class 1 the others (the paper's order).
  int classOf(double Value) const { return Value >= threshold ? 0 : 1; }
  std::string condition(int Class) const;

  nlohmann::json toJson() const;
  /// A model's "split"; a bad field throws the error of Split's reader.
  static ClassSplit fromJson(const document::View &Split);
};

} // namespace energy::model

#endif
