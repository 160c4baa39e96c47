//===- energy/train/cross_validation.h - Folds that never leak ------------===//
//
// Cross-validation that never tests on a program it trained on (grouped
// folds: each program's rows are in one fold) or, for a time series, on a time
// block it trained on (contiguous blocks in time order). Out-of-fold
// predictions give the errors of a recipe; k can be chosen the same way.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_TRAIN_CROSS_VALIDATION_H
#define ENERGY_TRAIN_CROSS_VALIDATION_H

#include "energy/train/fit.h"
#include "energy/train/metrics.h"

#include <nlohmann/json.hpp>

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
std::vector<std::vector<size_t>> makeFolds(const Dataset &Data,
                                           FoldScheme Scheme, size_t K);

struct CvResult {
  FoldScheme scheme = FoldScheme::Grouped;
  size_t folds = 0;
  Eigen::VectorXd predictions; ///< out of fold, one per row
  Errors errors;

  nlohmann::json toJson() const;
};

CvResult crossValidate(const Dataset &Data, const Recipe &R,
                       FoldScheme Scheme, size_t K);

/// The k among Candidates with the lowest cross-validated MAE.
size_t chooseTopK(const Dataset &Data, const Recipe &R, FoldScheme Scheme,
                  size_t Folds, const std::vector<size_t> &Candidates);

} // namespace energy::train

#endif
