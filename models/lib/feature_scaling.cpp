//===- feature_scaling.cpp - Min-max scaling ranges from a model file -----===//
#include "energy/model/feature_scaling.h"

#include "model_json.h"

namespace energy::model {

FeatureScaling FeatureScaling::fromJson(const nlohmann::json &J, size_t Features,
                                        const std::string &Origin) {
  ModelObject O(J, Origin, "scaling");
  FeatureScaling S{O.numbers("min"), O.numbers("max")};
  if (S.min.size() != Features || S.max.size() != Features)
    O.fail("min", "and 'scaling.max' hold " + std::to_string(S.min.size()) + "/" +
                      std::to_string(S.max.size()) + " ranges for " + std::to_string(Features) +
                      " features");
  return S;
}

} // namespace energy::model
