//===- energy.cpp - The paper's average and real-time models --------------===//
#include "energy/train/energy.h"
#include "energy/train/error.h"

namespace energy::train {

double averageModelJoules(const LearnedModel &M, const FeatureValues &Totals,
                          double Seconds) {
  require(Seconds > 0, "energy needs a positive duration");
  return M.predictWatts(Totals, Seconds) * Seconds;
}

double realTimeModelJoules(const LearnedModel &M,
                           const std::vector<FeatureValues> &Samples,
                           double Seconds) {
  require(Seconds > 0 && !Samples.empty(),
          "the real-time model needs samples and a positive duration");
  double Interval = Seconds / static_cast<double>(Samples.size());
  double Joules = 0.0;
  const FeatureValues *Previous = nullptr;
  for (const FeatureValues &X : Samples) {
    Joules += M.predictWatts(X, Interval, Previous) * Interval;
    Previous = &X;
  }
  return Joules;
}

} // namespace energy::train
