//===- energy/train/energy.h - The paper's average and real-time models ---===//
//
// Average model: a run's counters x over its time t give E = (c.x + b) t.
// Real-time model: N samples x_j taken over t (every 20 ms in the paper) give
// E = sum_j (c.x_j + b) t / N. Both work for every learner: c.x + b is the
// model's predicted power, with the class chosen per sample.
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_TRAIN_ENERGY_H
#define ENERGY_TRAIN_ENERGY_H

#include "energy/train/learned_model.h"

#include <vector>

namespace energy::train {

/// Joules of a run (or region) with counters Totals over Seconds.
double averageModelJoules(const LearnedModel &M, const FeatureValues &Totals,
                          double Seconds);

/// Joules of a run of Seconds from N equally spaced samples, each sample's
/// counters covering Seconds / N.
double realTimeModelJoules(const LearnedModel &M,
                           const std::vector<FeatureValues> &Samples,
                           double Seconds);

} // namespace energy::train

#endif
