//===- cross_validation.cpp - Out-of-fold errors of a recipe --------------===//
#include "energy/train/cross_validation.h"
#include "energy/train/error.h"

#include <limits>

namespace energy::train {

nlohmann::json CvResult::toJson() const {
  nlohmann::json J = {{"scheme", foldSchemeName(scheme)},
                      {"folds", folds},
                      {"mae_w", errors.mae},
                      {"mean_epsilon", errors.meanEpsilon},
                      {"max_epsilon", errors.maxEpsilon}};
  if (!choices.empty())
    J["fold_choices"] = choices;
  return J;
}

namespace {

using FitFn = std::function<LearnedModel(const Dataset &Train, size_t Fold)>;

/// Out-of-fold predictions of whatever Fit trains on each fold's other rows.
CvResult outOfFold(const Dataset &Data, FoldScheme Scheme, size_t K, const FitFn &Fit) {
  CvResult Result;
  Result.scheme = resolveScheme(Scheme, Data);
  auto Folds = makeFolds(Data, Result.scheme, K);
  Result.folds = Folds.size();
  Result.predictions.resize(static_cast<Eigen::Index>(Data.rows()));
  std::vector<bool> InFold(Data.rows());
  for (size_t F = 0; F < Folds.size(); ++F) {
    const auto &Test = Folds[F];
    std::fill(InFold.begin(), InFold.end(), false);
    for (size_t Row : Test)
      InFold[Row] = true;
    std::vector<size_t> Train;
    for (size_t Row = 0; Row < Data.rows(); ++Row)
      if (!InFold[Row])
        Train.push_back(Row);
    LearnedModel M = Fit(Data.subset(Train), F);
    Eigen::VectorXd P = M.predictWatts(Data.subset(Test));
    for (size_t I = 0; I < Test.size(); ++I)
      Result.predictions(static_cast<Eigen::Index>(Test[I])) = P(static_cast<Eigen::Index>(I));
  }
  Result.errors = computeErrors(Data.power, Result.predictions, Data.programs);
  return Result;
}

} // namespace

CvResult crossValidate(const Dataset &Data, const Recipe &R, FoldScheme Scheme, size_t K) {
  return outOfFold(Data, Scheme, K,
                   [&](const Dataset &Train, size_t) { return fitModel(Train, R, "cv"); });
}

const Recipe &chooseRecipe(const Dataset &Data, const Tuning &T) {
  require(!T.candidates.empty(), "no candidate recipe to choose from");
  const Recipe *Best = &T.candidates.front();
  if (T.candidates.size() == 1)
    return *Best;
  double BestMae = std::numeric_limits<double>::infinity();
  for (const Recipe &R : T.candidates) {
    double Mae = crossValidate(Data, R, T.scheme, T.innerFolds).errors.mae;
    if (Mae < BestMae) {
      BestMae = Mae;
      Best = &R;
    }
  }
  return *Best;
}

CvResult nestedCrossValidate(const Dataset &Data, const Tuning &T, FoldScheme Scheme, size_t K) {
  nlohmann::json Choices = nlohmann::json::array();
  CvResult Result = outOfFold(Data, Scheme, K, [&](const Dataset &Train, size_t) {
    const Recipe &R = chooseRecipe(Train, T);
    Choices.push_back(describeChoice(R));
    return fitModel(Train, R, "cv");
  });
  if (T.candidates.size() > 1)
    Result.choices = std::move(Choices);
  return Result;
}

nlohmann::json describeChoice(const Recipe &R) {
  nlohmann::json J = {{"derived_features", R.derive}, {"k", R.topK}};
  if (!isLinear(R.learner.kind)) {
    EnsembleParams P = R.learner.ensemble;
    P.forest = R.learner.kind == LearnerKind::Forest;
    J["ensemble"] = P.toJson();
  }
  return J;
}

std::vector<size_t> topKCandidates(size_t Features) {
  std::vector<size_t> K;
  for (size_t C : {1, 2, 3, 4, 6, 8, 12, 16, 22})
    if (C < Features)
      K.push_back(C);
  K.push_back(Features);
  return K;
}

} // namespace energy::train
