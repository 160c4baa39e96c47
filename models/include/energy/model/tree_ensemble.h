//===- energy/model/tree_ensemble.h - Evaluating xgboost trees without xgboost
//
// energy-train fits random forests and boosted trees with libxgboost and
// embeds the booster, in xgboost's own JSON model format, in the model file.
// The runtime must not link xgboost, so this small evaluator reads the trees
// from that JSON and predicts the way xgboost's CPU predictor does: features
// and split values compared as float, `value < split` goes left, a missing
// (NaN) value follows the node's default direction, and the leaves of all
// trees are added in tree order to the base score in float. Only what
// energy-train writes is accepted: regression (reg:squarederror) gbtree
// boosters with numerical splits; anything else is refused with ModelError.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_MODEL_TREE_ENSEMBLE_H
#define ENERGY_MODEL_TREE_ENSEMBLE_H

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace energy::model {

class TreeEnsemble {
public:
  /// Reads the booster in Booster (xgboost's JSON model), which must use
  /// exactly Features features. Origin and Path name it in errors.
  static TreeEnsemble fromXgboostJson(const nlohmann::json &Booster, size_t Features,
                                      const std::string &Origin, const std::string &Path);

  /// The prediction for one row of Features scaled values.
  double predict(const std::vector<double> &Row) const;

  size_t trees() const { return Roots.size(); }
  size_t features() const { return Features; }

private:
  struct Node {
    int32_t left = -1; ///< -1: a leaf
    int32_t right = -1;
    uint32_t feature = 0;
    float value = 0.0f; ///< split threshold, or the leaf's value
    bool defaultLeft = false;
  };

  std::vector<Node> Nodes; ///< all trees, each tree's nodes contiguous
  std::vector<size_t> Roots;
  float BaseScore = 0.0f;
  size_t Features = 0;
};

} // namespace energy::model

#endif
