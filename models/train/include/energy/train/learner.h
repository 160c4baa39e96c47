//===- energy/train/learner.h - The five learners behind one interface ----===//
//
// OLS, ridge, lasso (Eigen, this library) and random forest, gradient boosting
// (xgboost). Ridge and lasso choose alpha by an inner cross-validation on the
// training data when none is given. Every regressor works on 0..1 scaled
// features and can say how much each feature adds to one prediction.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_TRAIN_LEARNER_H
#define ENERGY_TRAIN_LEARNER_H

#include "energy/train/ensemble.h"
#include "energy/train/linear.h"

#include <nlohmann/json.hpp>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace energy::train {

enum class LearnerKind { Ols, Ridge, Lasso, Forest, Boosted };

const char *learnerName(LearnerKind K);
/// The learner called Name; nullopt for no learner.
std::optional<LearnerKind> learnerNamed(const std::string &Name);
/// learnerNamed(), or a TrainError that lists the learners.
LearnerKind parseLearner(const std::string &Name);
std::vector<LearnerKind> allLearners();
bool isLinear(LearnerKind K);

struct LearnerOptions {
  LearnerKind kind = LearnerKind::Ridge;
  double alpha = -1.0; ///< ridge/lasso penalty; negative: chosen by CV
  EnsembleParams ensemble;
};

class Regressor {
public:
  virtual ~Regressor() = default;
  virtual LearnerKind kind() const = 0;
  virtual Eigen::VectorXd predict(const Eigen::MatrixXd &X) const = 0;
  /// Per row: the contribution of each feature, then the bias (last column);
  /// a row's entries sum to its prediction.
  virtual Eigen::MatrixXd contributions(const Eigen::MatrixXd &X) const = 0;
  /// The learner's parameters, in the model file's class layout.
  virtual nlohmann::json toJson() const = 0;
};

class LinearRegressor : public Regressor {
public:
  LinearRegressor(LearnerKind Kind, LinearFit Fit, double Alpha)
      : Kind(Kind), Fit(std::move(Fit)), Alpha(Alpha) {}
  LearnerKind kind() const override { return Kind; }
  Eigen::VectorXd predict(const Eigen::MatrixXd &X) const override;
  Eigen::MatrixXd contributions(const Eigen::MatrixXd &X) const override;
  nlohmann::json toJson() const override;
  const LinearFit &fit() const { return Fit; }
  double alpha() const { return Alpha; }

private:
  LearnerKind Kind;
  LinearFit Fit;
  double Alpha;
};

class EnsembleRegressor : public Regressor {
public:
  EnsembleRegressor(LearnerKind Kind, Ensemble Trees, EnsembleParams Params)
      : Kind(Kind), Trees(std::move(Trees)), Params(Params) {}
  LearnerKind kind() const override { return Kind; }
  Eigen::VectorXd predict(const Eigen::MatrixXd &X) const override;
  Eigen::MatrixXd contributions(const Eigen::MatrixXd &X) const override;
  nlohmann::json toJson() const override;
  const Ensemble &trees() const { return Trees; }

private:
  LearnerKind Kind;
  Ensemble Trees;
  EnsembleParams Params;
};

std::unique_ptr<Regressor> trainRegressor(const LearnerOptions &Options,
                                          const Eigen::MatrixXd &ScaledX, const Eigen::VectorXd &Y);
/// Rebuilds a regressor of Kind from its toJson() form, one of a model's
/// "classes"; a bad field throws the error of Class's reader, naming its key.
std::unique_ptr<Regressor> regressorFromJson(LearnerKind Kind, const document::View &Class,
                                             size_t Features);

/// The alpha with the lowest mean squared error over Folds contiguous folds.
double chooseAlpha(LearnerKind Kind, const Eigen::MatrixXd &ScaledX, const Eigen::VectorXd &Y,
                   int Folds = 5);

} // namespace energy::train

#endif
