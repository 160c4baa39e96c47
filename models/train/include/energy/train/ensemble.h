//===- energy/train/ensemble.h - Random forests and boosted trees (xgboost) ===//
//
// Tree ensembles come from libxgboost's C API rather than trees written by
// hand: a random forest is scikit-learn's default one (bootstrap samples, all
// features at each split, trees grown until pure), each tree a round fitted to
// the targets; gradient boosting is many rounds of one shallow tree. The
// trained booster is kept in xgboost's own JSON model format, which the model
// file embeds, so a model file is complete on its own.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_TRAIN_ENSEMBLE_H
#define ENERGY_TRAIN_ENSEMBLE_H

#include "document/View.h"

#include <Eigen/Dense>
#include <nlohmann/json.hpp>

#include <memory>
#include <string>

namespace energy::train {

struct EnsembleParams {
  bool forest = true; ///< true: random forest; false: gradient boosting
  int trees = 0;      ///< forest trees (0: 100); boosting rounds (0: 200)
  int maxDepth = 0;   ///< 0: forest until pure (see ensemble.cpp), boosting 4
  double eta = 0.05;  ///< boosting learning rate
  /// Forest: bootstrap draws per tree as a share of the rows (0: 1, as many
  /// draws as rows); boosting: rows sampled without replacement (0: 0.8).
  double subsample = 0.0;
  double colsample = 0.0;      ///< per split; 0: all features
  double minChildWeight = 1.0; ///< forest: bootstrap rows a leaf must hold
  double lambda = -1.0;        ///< L2 penalty on leaf values; < 0: forest 0, boosting 1
  int seed = 1;

  nlohmann::json toJson() const;
  /// A model's "params"; an absent member keeps its default.
  static EnsembleParams fromJson(const document::View &Params);
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
