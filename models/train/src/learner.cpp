//===- learner.cpp - The five learners behind one interface ---------------===//
#include "energy/train/learner.h"
#include "energy/train/error.h"

#include <cmath>
#include <limits>

namespace energy::train {

const char *learnerName(LearnerKind K) {
  switch (K) {
  case LearnerKind::Ols:
    return "ols";
  case LearnerKind::Ridge:
    return "ridge";
  case LearnerKind::Lasso:
    return "lasso";
  case LearnerKind::Forest:
    return "forest";
  case LearnerKind::Boosted:
    return "boosted";
  }
  return "ridge";
}

std::vector<LearnerKind> allLearners() {
  return {LearnerKind::Ols, LearnerKind::Ridge, LearnerKind::Lasso, LearnerKind::Forest,
          LearnerKind::Boosted};
}

std::optional<LearnerKind> learnerNamed(const std::string &Name) {
  for (LearnerKind K : allLearners())
    if (Name == learnerName(K))
      return K;
  return std::nullopt;
}

LearnerKind parseLearner(const std::string &Name) {
  if (std::optional<LearnerKind> K = learnerNamed(Name))
    return *K;
  throw TrainError("unknown learner '" + Name + "'; use ols, ridge, lasso, forest or boosted");
}

bool isLinear(LearnerKind K) {
  return K == LearnerKind::Ols || K == LearnerKind::Ridge || K == LearnerKind::Lasso;
}

Eigen::VectorXd LinearRegressor::predict(const Eigen::MatrixXd &X) const { return Fit.predict(X); }

Eigen::MatrixXd LinearRegressor::contributions(const Eigen::MatrixXd &X) const {
  Eigen::MatrixXd C(X.rows(), X.cols() + 1);
  C.leftCols(X.cols()) = X * Fit.coef.asDiagonal();
  C.col(X.cols()).setConstant(Fit.intercept);
  return C;
}

nlohmann::json LinearRegressor::toJson() const {
  nlohmann::json J = {
      {"coefficients", std::vector<double>(Fit.coef.data(), Fit.coef.data() + Fit.coef.size())},
      {"intercept", Fit.intercept}};
  if (Kind != LearnerKind::Ols)
    J["alpha"] = Alpha;
  return J;
}

Eigen::VectorXd EnsembleRegressor::predict(const Eigen::MatrixXd &X) const {
  return Trees.predict(X);
}

Eigen::MatrixXd EnsembleRegressor::contributions(const Eigen::MatrixXd &X) const {
  return Trees.contributions(X);
}

nlohmann::json EnsembleRegressor::toJson() const {
  return {{"params", Params.toJson()}, {"xgboost", Trees.toJson()}};
}

namespace {

LinearFit fitPenalised(LearnerKind Kind, const Eigen::MatrixXd &X, const Eigen::VectorXd &Y,
                       double Alpha) {
  return Kind == LearnerKind::Ridge ? fitRidge(X, Y, Alpha) : fitLasso(X, Y, Alpha, 2000, 1e-6);
}

std::vector<double> alphaGrid(LearnerKind Kind) {
  std::vector<double> Grid;
  double Lo = Kind == LearnerKind::Ridge ? -4 : -5;
  double Hi = Kind == LearnerKind::Ridge ? 3 : 1;
  for (double E = Lo; E <= Hi + 1e-9; E += 0.5)
    Grid.push_back(std::pow(10.0, E));
  return Grid;
}

} // namespace

double chooseAlpha(LearnerKind Kind, const Eigen::MatrixXd &X, const Eigen::VectorXd &Y,
                   int Folds) {
  Eigen::Index N = X.rows();
  Folds = static_cast<int>(std::min<Eigen::Index>(Folds, N));
  double Best = 1.0, BestError = std::numeric_limits<double>::infinity();
  for (double Alpha : alphaGrid(Kind)) {
    double Error = 0.0;
    for (int F = 0; F < Folds; ++F) {
      Eigen::Index Begin = N * F / Folds, End = N * (F + 1) / Folds;
      Eigen::Index Train = N - (End - Begin);
      if (Train < 2 || End == Begin)
        continue;
      Eigen::MatrixXd TX(Train, X.cols());
      Eigen::VectorXd TY(Train);
      TX << X.topRows(Begin), X.bottomRows(N - End);
      TY << Y.head(Begin), Y.tail(N - End);
      LinearFit Fit = fitPenalised(Kind, TX, TY, Alpha);
      Error += (Fit.predict(X.middleRows(Begin, End - Begin)) - Y.segment(Begin, End - Begin))
                   .squaredNorm();
    }
    if (Error < BestError) {
      BestError = Error;
      Best = Alpha;
    }
  }
  return Best;
}

std::unique_ptr<Regressor> trainRegressor(const LearnerOptions &O, const Eigen::MatrixXd &X,
                                          const Eigen::VectorXd &Y) {
  switch (O.kind) {
  case LearnerKind::Ols:
    return std::make_unique<LinearRegressor>(O.kind, fitOls(X, Y), 0.0);
  case LearnerKind::Ridge:
  case LearnerKind::Lasso: {
    double Alpha = O.alpha >= 0 ? O.alpha : chooseAlpha(O.kind, X, Y);
    return std::make_unique<LinearRegressor>(O.kind, fitPenalised(O.kind, X, Y, Alpha), Alpha);
  }
  case LearnerKind::Forest:
  case LearnerKind::Boosted: {
    EnsembleParams P = O.ensemble;
    P.forest = O.kind == LearnerKind::Forest;
    return std::make_unique<EnsembleRegressor>(O.kind, Ensemble::train(X, Y, P), P);
  }
  }
  throw TrainError("unknown learner");
}

namespace {

std::unique_ptr<Regressor> linearFromJson(LearnerKind Kind, const document::View &Class,
                                          size_t Features) {
  std::vector<double> Coef = Class["coefficients"].numbers();
  if (Coef.size() != Features)
    Class["coefficients"].reject("holds " + std::to_string(Coef.size()) + " coefficients for " +
                                 std::to_string(Features) + " features");
  LinearFit Fit;
  Fit.coef = Eigen::Map<Eigen::VectorXd>(Coef.data(), static_cast<Eigen::Index>(Coef.size()));
  Fit.intercept = Class["intercept"].number();
  auto Alpha = Class.optional("alpha");
  return std::make_unique<LinearRegressor>(Kind, Fit, Alpha ? Alpha->number() : 0.0);
}

std::unique_ptr<Regressor> ensembleFromJson(LearnerKind Kind, const document::View &Class) {
  auto Params = Class.optional("params");
  EnsembleParams P = Params ? EnsembleParams::fromJson(*Params) : EnsembleParams{};
  document::View Trees = Class["xgboost"];
  Trees.expectObject();
  try {
    return std::make_unique<EnsembleRegressor>(Kind, Ensemble::fromJson(Trees.json()), P);
  } catch (const TrainError &E) {
    // Placed at the key xgboost refused; its own message goes on with a
    // stack trace, of which the first line says why.
    std::string_view Why = E.what();
    Trees.reject("is not a booster xgboost can load (" +
                 std::string(Why.substr(0, Why.find('\n'))) + ")");
  }
}

} // namespace

std::unique_ptr<Regressor> regressorFromJson(LearnerKind Kind, const document::View &Class,
                                             size_t Features) {
  return isLinear(Kind) ? linearFromJson(Kind, Class, Features) : ensembleFromJson(Kind, Class);
}

} // namespace energy::train
