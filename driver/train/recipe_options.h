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

  void addTo(CLI::App &Sub);
  /// The recipe for one learner; k is left to the caller when "auto".
  Recipe recipe(LearnerKind Learner) const;
  bool autoTopK() const { return topK == "auto"; }
  FoldScheme scheme() const { return parseFoldScheme(foldsBy); }
};

/// The k candidates tried by --k auto for N features.
std::vector<size_t> topKCandidates(size_t Features);

} // namespace energy::train::cli

#endif
