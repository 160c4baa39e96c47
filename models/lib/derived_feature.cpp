//===- derived_feature.cpp - Features computed from raw counters ----------===//
#include "energy/model/derived_feature.h"

namespace energy::model {

double ratioValue(const DerivedFeature &D, double Numerator, double Denominator) {
  return Denominator == 0.0 ? 0.0 : Numerator / Denominator * D.factor;
}

nlohmann::json toJson(const DerivedFeature &D) {
  if (D.op == DerivedFeature::Previous)
    return {{"name", D.name}, {"op", "previous"}, {"input", D.numerator}};
  return {{"name", D.name},
          {"op", "ratio"},
          {"numerator", D.numerator},
          {"denominator", D.denominator},
          {"factor", D.factor}};
}

DerivedFeature derivedFromJson(const document::View &O) {
  std::string Op = O.has("op") ? O["op"].string() : "ratio";
  if (Op == "previous")
    return {O["name"].string(), O["input"].string(), "", 1.0, DerivedFeature::Previous};
  if (Op != "ratio")
    O["op"].reject("is '" + Op + "', not 'ratio' or 'previous'");
  return {O["name"].string(), O["numerator"].string(), O["denominator"].string(),
          O["factor"].number(), DerivedFeature::Ratio};
}

} // namespace energy::model
