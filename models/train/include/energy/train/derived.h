//===- energy/train/derived.h - Features computed from raw counters -------===//
//
// Power follows rates and ratios (instructions per cycle, misses per
// instruction, active cycles per second) more closely than raw counts, which
// grow with run length. A ratio is numerator / denominator x factor of two
// inputs; "seconds" names the row's duration.
//
// In time-ordered data (a series, a timeline) power also lags activity: the
// meter and the counters are read at slightly different moments and the
// package's power settles over a few ms. A "previous" feature is an input's
// value in the previous sample of the same program (the sample itself when it
// is the first, as in a steady state).
//
// Models store these recipes (energy/model/derived_feature.h, shared with the
// model library) so that they compute the same values from raw counters at
// prediction time.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_TRAIN_DERIVED_H
#define ENERGY_TRAIN_DERIVED_H

#include "energy/model/derived_feature.h"
#include "energy/train/dataset.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace energy::train {

using model::DerivedFeature;
using model::derivedFromJson;
using model::ratioValue;
using model::toJson;

/// The standard ratios whose inputs are all among Available, and, when
/// TimeOrdered, the previous sample of the main activity counters.
std::vector<DerivedFeature> standardDerivedFeatures(const std::vector<std::string> &Available,
                                                    bool TimeOrdered);

/// Data with the derived columns appended.
Dataset addDerivedFeatures(const Dataset &Data, const std::vector<DerivedFeature> &Derived);

/// For each row, the row before it in time within its program (itself for
/// the first row of a program).
std::vector<size_t> previousRows(const Dataset &Data);

} // namespace energy::train

#endif
