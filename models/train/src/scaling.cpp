//===- scaling.cpp - Min-max scaling of features to 0..1 ------------------===//
#include "energy/train/scaling.h"
#include "energy/train/error.h"

namespace energy::train {

MinMaxScaling MinMaxScaling::fit(const Eigen::MatrixXd &X) {
  return {X.colwise().minCoeff().transpose(), X.colwise().maxCoeff().transpose()};
}

double MinMaxScaling::apply(Eigen::Index F, double Value) const {
  double Range = max(F) - min(F);
  return Range > 0 ? (Value - min(F)) / Range : 0.0;
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

MinMaxScaling MinMaxScaling::fromJson(const nlohmann::json &J, size_t Features) {
  auto Lo = J.at("min").get<std::vector<double>>();
  auto Hi = J.at("max").get<std::vector<double>>();
  require(Lo.size() == Features && Hi.size() == Features,
          "scaling has " + std::to_string(Lo.size()) + "/" +
              std::to_string(Hi.size()) + " ranges for " +
              std::to_string(Features) + " features");
  MinMaxScaling S;
  S.min = Eigen::Map<Eigen::VectorXd>(Lo.data(), Lo.size());
  S.max = Eigen::Map<Eigen::VectorXd>(Hi.data(), Hi.size());
  return S;
}

} // namespace energy::train
