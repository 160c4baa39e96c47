//===- cross_validation.cpp - Out-of-fold errors of a recipe --------------===//
#include "energy/train/cross_validation.h"
#include "energy/train/error.h"

#include <limits>

namespace energy::train {

nlohmann::json CvResult::toJson() const {
  return {{"scheme", foldSchemeName(scheme)},
          {"folds", folds},
          {"mae_w", errors.mae},
          {"mean_epsilon", errors.meanEpsilon},
          {"max_epsilon", errors.maxEpsilon}};
}

CvResult crossValidate(const Dataset &Data, const Recipe &R, FoldScheme Scheme,
                       size_t K) {
  CvResult Result;
  Result.scheme = resolveScheme(Scheme, Data);
  auto Folds = makeFolds(Data, Result.scheme, K);
  Result.folds = Folds.size();
  Result.predictions.resize(static_cast<Eigen::Index>(Data.rows()));
  std::vector<bool> InFold(Data.rows());
  for (const auto &Test : Folds) {
    std::fill(InFold.begin(), InFold.end(), false);
    for (size_t Row : Test)
      InFold[Row] = true;
    std::vector<size_t> Train;
    for (size_t Row = 0; Row < Data.rows(); ++Row)
      if (!InFold[Row])
        Train.push_back(Row);
    LearnedModel M = fitModel(Data.subset(Train), R, "cv");
    Eigen::VectorXd P = M.predictWatts(Data.subset(Test));
    for (size_t I = 0; I < Test.size(); ++I)
      Result.predictions(static_cast<Eigen::Index>(Test[I])) =
          P(static_cast<Eigen::Index>(I));
  }
  Result.errors = computeErrors(Data.power, Result.predictions, Data.programs);
  return Result;
}

size_t chooseTopK(const Dataset &Data, const Recipe &R, FoldScheme Scheme,
                  size_t Folds, const std::vector<size_t> &Candidates) {
  require(!Candidates.empty(), "no candidate k to choose from");
  size_t Best = Candidates.front();
  double BestMae = std::numeric_limits<double>::infinity();
  for (size_t K : Candidates) {
    Recipe Try = R;
    Try.topK = K;
    double Mae = crossValidate(Data, Try, Scheme, Folds).errors.mae;
    if (Mae < BestMae) {
      BestMae = Mae;
      Best = K;
    }
  }
  return Best;
}

} // namespace energy::train
