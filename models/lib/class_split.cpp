//===- class_split.cpp - The paper's two program classes ------------------===//
#include "energy/model/class_split.h"

#include <sstream>

namespace energy::model {

std::string ClassSplit::condition(int Class) const {
  std::ostringstream S;
  S << feature << (Class == 0 ? " >= " : " < ") << threshold;
  return S.str();
}

nlohmann::json ClassSplit::toJson() const {
  return {{"feature", feature}, {"threshold", threshold}};
}

ClassSplit ClassSplit::fromJson(const document::View &O) {
  ClassSplit S;
  S.feature = O["feature"].string();
  S.threshold = O["threshold"].number();
  return S;
}

} // namespace energy::model
