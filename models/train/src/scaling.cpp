//===- scaling.cpp - Min-max scaling of features to 0..1 ------------------===//
#include "energy/train/scaling.h"
#include "energy/model/feature_scaling.h"

namespace energy::train {

MinMaxScaling MinMaxScaling::fit(const Eigen::MatrixXd &X) {
  return {X.colwise().minCoeff().transpose(), X.colwise().maxCoeff().transpose()};
}

double MinMaxScaling::apply(Eigen::Index F, double Value) const {
  return model::scaleToUnit(Value, min(F), max(F));
}

Eigen::MatrixXd MinMaxScaling::apply(const Eigen::MatrixXd &X) const {
  Eigen::MatrixXd Out(X.rows(), X.cols());
  for (Eigen::Index C = 0; C < X.cols(); ++C)
    for (Eigen::Index R = 0; R < X.rows(); ++R)
      Out(R, C) = apply(C, X(R, C));
  return Out;
}

nlohmann::json MinMaxScaling::toJson() const {
  return {{"min", std::vector<double>(min.data(), min.data() + min.size())},
          {"max", std::vector<double>(max.data(), max.data() + max.size())}};
}

MinMaxScaling MinMaxScaling::fromJson(const document::View &Scaling, size_t Features) {
  model::FeatureScaling Ranges = model::FeatureScaling::fromJson(Scaling, Features);
  MinMaxScaling S;
  S.min = Eigen::Map<Eigen::VectorXd>(Ranges.min.data(), static_cast<Eigen::Index>(Features));
  S.max = Eigen::Map<Eigen::VectorXd>(Ranges.max.data(), static_cast<Eigen::Index>(Features));
  return S;
}

} // namespace energy::train
