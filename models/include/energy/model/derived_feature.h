//===- energy/model/derived_feature.h - Features computed from raw counters
//===//
//
// Power follows rates and ratios (instructions per cycle, misses per
// instruction, active cycles per second) more closely than raw counts, which
// grow with run length. A ratio is numerator / denominator x factor of two
// inputs; "seconds" names the sample's duration.
//
// In time-ordered data power also lags activity: the meter and the counters
// are read at slightly different moments and the package's power settles over
// a few ms. A "previous" feature is an input's value in the previous sample
// (the sample itself when there is none, as in a steady state).
//
// A learned model file stores these recipes; energy-train computes them over
// datasets and the model computes them at prediction time, both with
// ratioValue() so the two agree.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_MODEL_DERIVED_FEATURE_H
#define ENERGY_MODEL_DERIVED_FEATURE_H

#include "document/View.h"

#include <nlohmann/json.hpp>

#include <string>

namespace energy::model {

struct DerivedFeature {
  enum Op { Ratio, Previous };
  std::string name;
  std::string numerator;   ///< the input (of both kinds)
  std::string denominator; ///< ratios: a feature, or "seconds"
  double factor = 1.0;
  Op op = Ratio;
};

/// Numerator / denominator x factor; 0 when the denominator is 0.
double ratioValue(const DerivedFeature &D, double Numerator, double Denominator);

nlohmann::json toJson(const DerivedFeature &D);
/// One element of a model's "derived" array. A bad field throws the error
/// of Recipe's reader (energy-train's or the model library's), naming its key.
DerivedFeature derivedFromJson(const document::View &Recipe);

} // namespace energy::model

#endif
