//===- energy/train/ensemble.h - Random forests and boosted trees (xgboost) ===//
//
// Tree ensembles come from libxgboost's C API rather than trees written by
// hand: a random forest is one round of many parallel trees on row and column
// subsamples; gradient boosting is many rounds of one shallow tree. The
// trained booster is kept in xgboost's own JSON model format, which the model
// file embeds, so a model file is complete on its own.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_TRAIN_ENSEMBLE_H
#define ENERGY_TRAIN_ENSEMBLE_H

#include <Eigen/Dense>
#include <nlohmann/json.hpp>

#include <memory>
#include <string>

namespace energy::train {

struct EnsembleParams {
  bool forest = true;       ///< true: random forest; false: gradient boosting
  int trees = 0;            ///< forest trees (0: 100); boosting rounds (0: 200)
  int maxDepth = 0;         ///< 0: forest 10, boosting 4
  double eta = 0.05;        ///< boosting learning rate
  double subsample = 0.0;   ///< 0: forest 0.632, boosting 0.8
  double colsample = 0.0;   ///< per split; 0: forest 0.8, boosting 1
  double minChildWeight = 1.0;
  double lambda = 1.0;
  int seed = 1;

  nlohmann::json toJson() const;
  static EnsembleParams fromJson(const nlohmann::json &J);
};

class Ensemble {
public:
  static Ensemble train(const Eigen::MatrixXd &X, const Eigen::VectorXd &Y,
                        const EnsembleParams &Params);
  /// Rebuilds a booster from the JSON that toJson() wrote.
  static Ensemble fromJson(const nlohmann::json &Model);

  Ensemble(Ensemble &&) noexcept;
  Ensemble &operator=(Ensemble &&) noexcept;
  ~Ensemble();

  Eigen::VectorXd predict(const Eigen::MatrixXd &X) const;
  /// Per row: each feature's contribution (TreeSHAP), then the bias last.
  Eigen::MatrixXd contributions(const Eigen::MatrixXd &X) const;
  /// Total gain of each feature's splits, one entry per column of X.
  Eigen::VectorXd gainImportance(Eigen::Index Features) const;
  nlohmann::json toJson() const;

private:
  Ensemble() = default;
  void *Booster = nullptr;
};

} // namespace energy::train

#endif
