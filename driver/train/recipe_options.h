//===- recipe_options.h - Command-line options shared by fit and evaluate -===//
#ifndef ENERGY_TRAIN_DRIVER_RECIPE_OPTIONS_H
#define ENERGY_TRAIN_DRIVER_RECIPE_OPTIONS_H

#include "energy/train/cross_validation.h"

#include <CLI/CLI.hpp>

#include <string>

namespace energy::train::cli {

struct RecipeOptions {
  std::string rankBy = "spearman";
  std::string topK = "22";
  std::string split = "none";
  std::string splitFeature = "cache-misses";
  double threshold = 2e7;
  std::string derived = "auto";
  bool noDerived = false;
  double alpha = -1.0;
  int trees = 0;
  int depth = 0;
  double eta = 0.0;
  double subsample = 0.0;
  double colsample = 0.0;
  double minChildWeight = -1.0;
  std::string foldsBy = "auto";
  size_t folds = 5;
  size_t innerFolds = 3;

  void addTo(CLI::App &Sub);
  /// The recipe for one learner with nothing left to choose: derived features
  /// unless off, the learner's default settings unless given; k is left to the
  /// caller when "auto".
  Recipe recipe(LearnerKind Learner) const;
  /// Every recipe nested cross-validation chooses among: derived features on
  /// and off (--derived auto), each k (--k auto), and, for tree learners, the
  /// settings not given on the command line.
  Tuning tuning(LearnerKind Learner, const Dataset &Data) const;
  bool autoTopK() const { return topK == "auto"; }
  FoldScheme scheme() const { return parseFoldScheme(foldsBy); }
};

} // namespace energy::train::cli

#endif
