//===- feature_scaling.cpp - Min-max scaling ranges from a model file -----===//
#include "energy/model/feature_scaling.h"

namespace energy::model {

FeatureScaling FeatureScaling::fromJson(const document::View &O, size_t Features) {
  FeatureScaling S{O["min"].numbers(), O["max"].numbers()};
  if (S.min.size() != Features || S.max.size() != Features)
    O["min"].reject("and " + O["max"].key() + " hold " + std::to_string(S.min.size()) + "/" +
                    std::to_string(S.max.size()) + " ranges for " + std::to_string(Features) +
                    " features");
  return S;
}

} // namespace energy::model
