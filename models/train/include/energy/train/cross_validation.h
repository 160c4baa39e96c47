//===- energy/train/cross_validation.h - Folds that never leak ------------===//
//
// Cross-validation that never tests on a program it trained on (grouped
// folds: each program's rows are in one fold) or, for a time series, on a time
// block it trained on (contiguous blocks in time order). Out-of-fold
// predictions give the errors of a recipe; nested cross-validation gives the
// errors of choosing a recipe (derived features, k, learner settings) too.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_TRAIN_CROSS_VALIDATION_H
#define ENERGY_TRAIN_CROSS_VALIDATION_H

#include "energy/train/fit.h"
#include "energy/train/metrics.h"

#include <nlohmann/json.hpp>

#include <functional>
#include <string>
#include <vector>

namespace energy::train {

enum class FoldScheme { Auto, Grouped, TimeBlocks };

const char *foldSchemeName(FoldScheme S);
FoldScheme parseFoldScheme(const std::string &Name);
/// Auto resolves to TimeBlocks for a Series dataset, else Grouped.
FoldScheme resolveScheme(FoldScheme S, const Dataset &Data);

/// The test rows of each fold. Grouped needs at least two programs and uses
/// min(K, programs) folds; throws TrainError otherwise.
std::vector<std::vector<size_t>> makeFolds(const Dataset &Data, FoldScheme Scheme, size_t K);

struct CvResult {
  FoldScheme scheme = FoldScheme::Grouped;
  size_t folds = 0;
  Eigen::VectorXd predictions; ///< out of fold, one per row
  Errors errors;
  /// Nested cross-validation only: the recipe each outer fold chose.
  nlohmann::json choices = nlohmann::json::array();

  nlohmann::json toJson() const;
};

CvResult crossValidate(const Dataset &Data, const Recipe &R, FoldScheme Scheme, size_t K);

/// The recipes that nested cross-validation chooses among (derived features,
/// k, learner settings), and the inner folds it chooses with.
struct Tuning {
  std::vector<Recipe> candidates; ///< one: nothing to choose
  FoldScheme scheme = FoldScheme::Auto;
  size_t innerFolds = 3;
};

/// The candidate with the lowest MAE over Tuning::innerFolds folds of Data
/// (the first of equals); the only one without cross-validating.
const Recipe &chooseRecipe(const Dataset &Data, const Tuning &T);

/// Cross-validation of the choice itself: each outer fold's recipe is chosen
/// by chooseRecipe on that fold's training rows alone (inner folds inside
/// them), trained on them and tested on the fold, so no test row ever
/// influences a choice and the error stays honest.
CvResult nestedCrossValidate(const Dataset &Data, const Tuning &T, FoldScheme Scheme, size_t K);

/// What a recipe chose, for reports: derived features, k, learner settings.
nlohmann::json describeChoice(const Recipe &R);

/// The k tried by --k auto for N features: 1, 2, 3, 4, 6, 8, 12, 16, 22 below
/// N, and N.
std::vector<size_t> topKCandidates(size_t Features);

} // namespace energy::train

#endif
