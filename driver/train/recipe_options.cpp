//===- recipe_options.cpp - Command-line options shared by fit and evaluate ===//
#include "recipe_options.h"
#include "commands.h"

#include "energy/train/error.h"

#include <charconv>

namespace energy::train::cli {

namespace {

/// A whole number of features; std::stoul would take "-3" as 2^64 - 3.
size_t parseTopK(const std::string &Text) {
  size_t K = 0;
  auto [End, Error] = std::from_chars(Text.data(), Text.data() + Text.size(), K);
  require(!Text.empty() && Error == std::errc() && End == Text.data() + Text.size(),
          "--k '" + Text +
              "' is not a number of features; give a whole "
              "number (0 keeps all) or 'auto'");
  return K;
}

} // namespace

void RecipeOptions::addTo(CLI::App &Sub) {
  Sub.add_option("--rank", rankBy, "feature ranking: spearman, pca or forest")
      ->capture_default_str();
  Sub.add_option("--k", topK,
                 "features kept (top k of the ranking), 0 = all, "
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
  Sub.add_option("--derived", derived,
                 "ratios (IPC, miss ratios, per-second rates, previous sample): "
                 "on, off, or auto (both tried, chosen by nested cross-validation)")
      ->check(CLI::IsMember({"auto", "on", "off"}))
      ->capture_default_str();
  Sub.add_flag("--no-derived", noDerived, "the same as --derived off");
  Sub.add_option("--alpha", alpha, "ridge/lasso penalty (default: chosen by CV)")
      ->check(numberAtLeastZero());
  Sub.add_option("--trees", trees, "forest trees (default 100) / boosting rounds (default 200)")
      ->check(wholeNumber(1));
  Sub.add_option("--depth", depth,
                 "tree depth (default: forest unlimited; boosting 4 or 6, chosen "
                 "by nested cross-validation)")
      ->check(wholeNumber(1));
  Sub.add_option("--eta", eta, "boosting learning rate (default 0.05)")->check(shareOfOne());
  Sub.add_option("--subsample", subsample,
                 "rows per tree: forest bootstrap draws as a share of the rows "
                 "(default 1); boosting, sampled without replacement (default 0.8)")
      ->check(shareOfOne());
  Sub.add_option("--colsample", colsample, "share of features tried at each split (default 1)")
      ->check(shareOfOne());
  Sub.add_option("--min-child-weight", minChildWeight,
                 "rows a leaf must hold (xgboost min_child_weight; default: forest 1, "
                 "boosting 1 or 10, chosen by nested cross-validation)")
      ->check(numberAtLeastZero());
  Sub.add_option("--folds", folds, "cross-validation folds (0: none, train only)")
      ->check(wholeNumber(0))
      ->capture_default_str();
  Sub.add_option("--inner-folds", innerFolds,
                 "folds inside each training part that choose derived features, "
                 "k and tree settings")
      ->check(wholeNumber(2))
      ->capture_default_str();
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
  R.derive = !noDerived && derived != "off";
  R.rankBy = parseRankingMethod(rankBy);
  if (!autoTopK())
    R.topK = parseTopK(topK);
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

namespace {

/// Values of one tree setting to choose among: the given one, else Defaults.
template <typename T> std::vector<T> settingValues(bool Given, T Value, std::vector<T> Defaults) {
  return Given ? std::vector<T>{Value} : Defaults;
}

/// Boosting's settings to choose among unless given: depth 4 or 6, leaves of
/// at least 1 or 10 rows. The forest has none: it is scikit-learn's default.
std::vector<EnsembleParams> ensembleGrid(LearnerKind Learner, const EnsembleParams &Base,
                                         const RecipeOptions &O) {
  if (Learner != LearnerKind::Boosted)
    return {Base};
  std::vector<EnsembleParams> Grid;
  for (int Depth : settingValues(O.depth > 0, Base.maxDepth, {4, 6}))
    for (double Leaf : settingValues(O.minChildWeight >= 0, Base.minChildWeight, {1.0, 10.0})) {
      EnsembleParams P = Base;
      P.maxDepth = Depth;
      P.minChildWeight = Leaf;
      Grid.push_back(P);
    }
  return Grid;
}

} // namespace

Tuning RecipeOptions::tuning(LearnerKind Learner, const Dataset &Data) const {
  Tuning T;
  T.scheme = scheme();
  T.innerFolds = innerFolds;
  Recipe Base = recipe(Learner);
  bool AutoDerived = derived == "auto" && !noDerived;
  for (bool Derive : settingValues(!AutoDerived, Base.derive, {true, false})) {
    Recipe R = Base;
    R.derive = Derive;
    std::vector<size_t> Ks = {Base.topK};
    if (autoTopK())
      Ks = topKCandidates(withDerivedFeatures(Data, R).features.size());
    for (size_t K : Ks)
      for (const EnsembleParams &P : ensembleGrid(Learner, Base.learner.ensemble, *this)) {
        R.topK = K;
        R.learner.ensemble = P;
        T.candidates.push_back(R);
      }
  }
  return T;
}

} // namespace energy::train::cli
