//===- energy/train/fit.h - From a dataset to a model ---------------------===//
//
// A recipe says how to build a model: which derived ratios to add, how to rank
// and how many features to keep, how to split classes, and which learner to
// train per class. fitModel applies it to a dataset; cross-validation applies
// it to each fold's training part, so nothing is chosen by looking at the
// rows it is tested on.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_TRAIN_FIT_H
#define ENERGY_TRAIN_FIT_H

#include "energy/train/class_split.h"
#include "energy/train/learned_model.h"
#include "energy/train/selection.h"

#include <optional>

namespace energy::train {

enum class SplitMode { None, Threshold, Stump };

struct Recipe {
  LearnerOptions learner;
  bool derive = true; ///< add the standard ratios (IPC, miss rates...)
  size_t topK = 22;   ///< features kept; 0 keeps all
  RankingMethod rankBy = RankingMethod::Spearman;
  SplitMode splitMode = SplitMode::None;
  ClassSplit split;        ///< feature, and threshold for SplitMode::Threshold
  size_t minClassRows = 6; ///< a class smaller than this is not split off
};

LearnedModel fitModel(const Dataset &Data, const Recipe &R, const std::string &Name);

/// The dataset's columns after the recipe's derived ratios; Derived receives
/// the ratios used.
Dataset withDerivedFeatures(const Dataset &Data, const Recipe &R,
                            std::vector<DerivedFeature> *Derived = nullptr);

} // namespace energy::train

#endif
