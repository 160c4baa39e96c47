//===- derived.cpp - Features computed from raw counters ------------------===//
#include "energy/train/derived.h"
#include "energy/train/error.h"

#include <algorithm>
#include <map>
#include <numeric>

namespace energy::train {

namespace {

const std::vector<DerivedFeature> &ratioCatalogue() {
  static const std::vector<DerivedFeature> Catalogue = {
      {"ipc", "instructions", "cycles", 1.0},
      {"cache-miss-ratio", "cache-misses", "cache-references", 1.0},
      {"cache-mpki", "cache-misses", "instructions", 1000.0},
      {"branch-miss-ratio", "branch-misses", "branches", 1.0},
      {"L1-dcache-miss-ratio", "L1-dcache-load-misses", "L1-dcache-loads", 1.0},
      {"LLC-load-miss-ratio", "LLC-load-misses", "LLC-loads", 1.0},
      {"stalled-backend-ratio", "stalled-cycles-backend", "cycles", 1.0},
  };
  return Catalogue;
}

/// Counts per second; only informative when rows differ in duration.
const std::vector<DerivedFeature> &rateCatalogue() {
  static const std::vector<DerivedFeature> Catalogue = {
      {"cycles-per-second", "cycles", "seconds", 1e-9},
      {"instructions-per-second", "instructions", "seconds", 1e-9},
      {"cache-misses-per-second", "cache-misses", "seconds", 1e-6},
  };
  return Catalogue;
}

/// The activity counters whose recent past shows in the power reading.
const std::vector<std::string> &laggedInputs() {
  static const std::vector<std::string> Inputs = {"cycles", "instructions", "cache-misses",
                                                  "task-clock", "cpu-clock"};
  return Inputs;
}

bool has(const std::vector<std::string> &V, const std::string &S) {
  return std::find(V.begin(), V.end(), S) != V.end();
}

} // namespace

std::vector<DerivedFeature> standardDerivedFeatures(const std::vector<std::string> &Available,
                                                    bool TimeOrdered) {
  std::vector<DerivedFeature> Out;
  for (const DerivedFeature &D : ratioCatalogue())
    if (has(Available, D.numerator) && has(Available, D.denominator))
      Out.push_back(D);
  if (has(Available, "seconds"))
    for (const DerivedFeature &D : rateCatalogue())
      if (has(Available, D.numerator))
        Out.push_back(D);
  if (TimeOrdered)
    for (const std::string &I : laggedInputs())
      if (has(Available, I))
        Out.push_back({I + "@previous", I, "", 1.0, DerivedFeature::Previous});
  return Out;
}

std::vector<size_t> previousRows(const Dataset &Data) {
  std::vector<size_t> Order(Data.rows());
  std::iota(Order.begin(), Order.end(), 0);
  if (Data.timestamp.size())
    std::stable_sort(Order.begin(), Order.end(), [&](size_t A, size_t B) {
      return Data.timestamp(static_cast<Eigen::Index>(A)) <
             Data.timestamp(static_cast<Eigen::Index>(B));
    });
  std::vector<size_t> Previous(Data.rows());
  std::map<std::string, size_t> Last;
  for (size_t Row : Order) {
    auto It = Last.find(Data.programs[Row]);
    Previous[Row] = It == Last.end() ? Row : It->second;
    Last[Data.programs[Row]] = Row;
  }
  return Previous;
}

Dataset addDerivedFeatures(const Dataset &Data, const std::vector<DerivedFeature> &Derived) {
  Dataset Out = Data;
  Eigen::Index Old = Data.x.cols();
  Out.x.conservativeResize(Eigen::NoChange, Old + static_cast<Eigen::Index>(Derived.size()));
  std::vector<size_t> Previous;
  for (size_t I = 0; I < Derived.size(); ++I) {
    const DerivedFeature &D = Derived[I];
    Eigen::Index Col = Old + static_cast<Eigen::Index>(I);
    int Num = Data.featureIndex(D.numerator);
    require(Num >= 0,
            "derived feature '" + D.name + "' needs '" + D.numerator + "', which the data lack");
    if (D.op == DerivedFeature::Previous) {
      if (Previous.empty())
        Previous = previousRows(Data);
      for (Eigen::Index R = 0; R < Data.x.rows(); ++R)
        Out.x(R, Col) = Data.x(static_cast<Eigen::Index>(Previous[R]), Num);
    } else {
      int Den = Data.featureIndex(D.denominator);
      require(Den >= 0 || D.denominator == "seconds", "derived feature '" + D.name + "' needs '" +
                                                          D.denominator + "', which the data lack");
      for (Eigen::Index R = 0; R < Data.x.rows(); ++R)
        Out.x(R, Col) = ratioValue(D, Data.x(R, Num), Den >= 0 ? Data.x(R, Den) : Data.seconds(R));
    }
    Out.features.push_back(D.name);
  }
  return Out;
}

} // namespace energy::train
