//===- recipe_options.cpp - Command-line options shared by fit and evaluate ===//
#include "recipe_options.h"

#include "energy/train/error.h"

namespace energy::train::cli {

void RecipeOptions::addTo(CLI::App &Sub) {
  Sub.add_option("--rank", rankBy, "feature ranking: spearman, pca or forest")
      ->capture_default_str();
  Sub.add_option("--k", topK, "features kept (top k of the ranking), 0 = all, "
                              "or 'auto' to choose k by cross-validation")
      ->capture_default_str();
  Sub.add_option("--split", split,
                 "class split: none, threshold (feature >= --threshold, the "
                 "paper's) or stump (threshold learned)")
      ->capture_default_str();
  Sub.add_option("--split-feature", splitFeature, "feature the classes split on")
      ->capture_default_str();
  Sub.add_option("--threshold", threshold, "class threshold for --split threshold")
      ->capture_default_str();
  Sub.add_flag("--no-derived", noDerived,
               "do not add ratios (IPC, miss ratios, per-second rates)");
  Sub.add_option("--alpha", alpha, "ridge/lasso penalty (default: chosen by CV)");
  Sub.add_option("--trees", trees, "forest trees (default 100) / boosting rounds (default 200)");
  Sub.add_option("--depth", depth, "tree depth (default: forest 10, boosting 4)");
  Sub.add_option("--eta", eta, "boosting learning rate (default 0.05)");
  Sub.add_option("--subsample", subsample, "row sample per tree");
  Sub.add_option("--colsample", colsample, "column sample per split");
  Sub.add_option("--min-child-weight", minChildWeight, "xgboost min_child_weight");
  Sub.add_option("--folds", folds, "cross-validation folds (0: none, train only)")->capture_default_str();
  Sub.add_option("--folds-by", foldsBy,
                 "auto (time blocks for a series, else programs), program or time")
      ->capture_default_str();
}

Recipe RecipeOptions::recipe(LearnerKind Learner) const {
  Recipe R;
  R.learner.kind = Learner;
  R.learner.alpha = alpha;
  if (trees > 0)
    R.learner.ensemble.trees = trees;
  R.learner.ensemble.maxDepth = depth;
  if (eta > 0)
    R.learner.ensemble.eta = eta;
  R.learner.ensemble.subsample = subsample;
  R.learner.ensemble.colsample = colsample;
  if (minChildWeight >= 0)
    R.learner.ensemble.minChildWeight = minChildWeight;
  R.derive = !noDerived;
  R.rankBy = parseRankingMethod(rankBy);
  if (!autoTopK()) {
    try {
      R.topK = std::stoul(topK);
    } catch (const std::exception &) {
      throw TrainError("--k '" + topK + "' is not a number or 'auto'");
    }
  }
  if (split == "none")
    R.splitMode = SplitMode::None;
  else if (split == "threshold")
    R.splitMode = SplitMode::Threshold;
  else if (split == "stump")
    R.splitMode = SplitMode::Stump;
  else
    throw TrainError("--split '" + split + "' is not none, threshold or stump");
  R.split.feature = splitFeature;
  R.split.threshold = threshold;
  return R;
}

std::vector<size_t> topKCandidates(size_t Features) {
  std::vector<size_t> K;
  for (size_t C : {1, 2, 3, 4, 6, 8, 12, 16, 22})
    if (C < Features)
      K.push_back(C);
  K.push_back(Features);
  return K;
}

} // namespace energy::train::cli
