//===- fit.cpp - From a dataset to a model --------------------------------===//
#include "energy/train/fit.h"
#include "energy/train/error.h"

#include <algorithm>
#include <set>

namespace energy::train {

namespace {

bool durationsVary(const Dataset &Data) {
  return Data.seconds.size() && Data.seconds.maxCoeff() > Data.seconds.minCoeff() * (1 + 1e-9);
}

std::vector<size_t> columnsOf(const Dataset &Data, const std::vector<std::string> &Names) {
  std::vector<size_t> Cols;
  for (const std::string &N : Names)
    Cols.push_back(static_cast<size_t>(Data.featureIndex(N)));
  return Cols;
}

Eigen::MatrixXd selectColumns(const Eigen::MatrixXd &X, const std::vector<size_t> &Cols) {
  Eigen::MatrixXd Out(X.rows(), static_cast<Eigen::Index>(Cols.size()));
  for (size_t I = 0; I < Cols.size(); ++I)
    Out.col(static_cast<Eigen::Index>(I)) = X.col(static_cast<Eigen::Index>(Cols[I]));
  return Out;
}

/// Row indices of each class; one class when no usable split exists.
std::vector<std::vector<Eigen::Index>> splitRows(const Dataset &Data, const Recipe &R,
                                                 LearnedModel &M) {
  std::vector<std::vector<Eigen::Index>> All(1);
  for (Eigen::Index I = 0; I < Data.x.rows(); ++I)
    All[0].push_back(I);
  if (R.splitMode == SplitMode::None)
    return All;
  int F = Data.featureIndex(R.split.feature);
  require(F >= 0, "class split feature '" + R.split.feature +
                      "' is not in the data; choose --split-feature or --split none");
  ClassSplit S = R.split;
  if (R.splitMode == SplitMode::Stump)
    S.threshold = learnStumpThreshold(Data.x.col(F), Data.power, R.minClassRows);
  std::vector<std::vector<Eigen::Index>> Classes(2);
  for (Eigen::Index I = 0; I < Data.x.rows(); ++I)
    Classes[static_cast<size_t>(S.classOf(Data.x(I, F)))].push_back(I);
  if (std::min(Classes[0].size(), Classes[1].size()) < R.minClassRows) {
    M.training["split_skipped"] = S.condition(0) + " leaves fewer than " +
                                  std::to_string(R.minClassRows) +
                                  " rows in a class; one model for all rows";
    return All;
  }
  M.split = S;
  return Classes;
}

/// The raw counters the model must be given: its raw features, the inputs of
/// its ratios, and the split feature.
std::vector<std::string> requiredInputs(const LearnedModel &M, const Dataset &Raw) {
  std::set<std::string> Need;
  auto AddIfRaw = [&](const std::string &N) {
    if (Raw.featureIndex(N) >= 0)
      Need.insert(N);
  };
  for (const std::string &F : M.features)
    AddIfRaw(F);
  for (const DerivedFeature &D : M.derived) {
    AddIfRaw(D.numerator);
    AddIfRaw(D.denominator);
  }
  if (M.split)
    AddIfRaw(M.split->feature);
  std::vector<std::string> Ordered;
  for (const std::string &F : Raw.features)
    if (Need.count(F))
      Ordered.push_back(F);
  return Ordered;
}

} // namespace

Dataset withDerivedFeatures(const Dataset &Data, const Recipe &R,
                            std::vector<DerivedFeature> *Derived) {
  std::vector<DerivedFeature> D;
  if (R.derive) {
    std::vector<std::string> Available = Data.features;
    if (durationsVary(Data))
      Available.push_back("seconds");
    D = standardDerivedFeatures(Available, Data.info.kind != RowKind::Runs);
  }
  if (Derived)
    *Derived = D;
  return addDerivedFeatures(Data, D);
}

LearnedModel fitModel(const Dataset &Data, const Recipe &R, const std::string &Name) {
  validateDataset(Data, Name);
  LearnedModel M;
  M.name = Name;
  M.learner = R.learner.kind;
  std::vector<DerivedFeature> Derived;
  Dataset Full = withDerivedFeatures(Data, R, &Derived);

  Eigen::MatrixXd AllScaled = MinMaxScaling::fit(Full.x).apply(Full.x);
  Ranking Rank = rankFeatures(R.rankBy, AllScaled, Full.power, Full.features);
  M.features = topFeatures(Rank, R.topK);
  for (const DerivedFeature &D : Derived)
    if (std::find(M.features.begin(), M.features.end(), D.name) != M.features.end() ||
        (R.splitMode != SplitMode::None && D.name == R.split.feature))
      M.derived.push_back(D);

  Eigen::MatrixXd X = selectColumns(Full.x, columnsOf(Full, M.features));
  M.scaling = MinMaxScaling::fit(X);
  Eigen::MatrixXd Scaled = M.scaling->apply(X);
  for (const auto &Rows : splitRows(Full, R, M)) {
    Eigen::MatrixXd CX = Scaled(Rows, Eigen::all);
    Eigen::VectorXd CY = Full.power(Rows);
    M.classes.push_back(trainRegressor(R.learner, CX, CY));
  }
  M.inputs = requiredInputs(M, Data);
  M.training["rows"] = Data.rows();
  M.training["programs"] = Data.programNames().size();
  M.training["row_kind"] = rowKindName(Data.info.kind);
  M.training["source"] = Data.info.source;
  M.training["ranking"] = rankingMethodName(R.rankBy);
  M.training["top_k"] = R.topK;
  M.training["derived_features"] = R.derive;
  if (!isLinear(R.learner.kind))
    M.training["ensemble"] = [&] {
      EnsembleParams P = R.learner.ensemble;
      P.forest = R.learner.kind == LearnerKind::Forest;
      return P.toJson();
    }();
  return M;
}

} // namespace energy::train
