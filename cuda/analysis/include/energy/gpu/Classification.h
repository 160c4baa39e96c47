// Classification (patent steps 10 and 11): documented statistics of a launch, each compared
// with a configurable threshold, so a program is called divergence-significant or
// behaviour-significant together with the figure that decided it.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace energy::gpu {

struct KernelAnalysis;

struct StatisticDefinition {
  std::string Name, Class, Direction, Description; // Class: divergence|behaviour; above|below
  double DefaultThreshold;
};
const std::vector<StatisticDefinition> &statisticDefinitions();

class Thresholds {
public:
  Thresholds();
  // Parses "NAME=VALUE"; throws InputError on an unknown name or a bad number.
  void set(const std::string &Assignment);
  double get(const std::string &Name) const { return Values.at(Name); }

private:
  std::map<std::string, double> Values;
};

struct Statistic {
  const StatisticDefinition *Definition = nullptr;
  double Value = 0, Threshold = 0;
  bool Significant = false;
};

struct ClassificationResult {
  std::vector<Statistic> Statistics;
  bool DivergenceSignificant = false, BehaviourSignificant = false;
  // "divergent_warp_share 0.031 >= 0.05" style reasons for each significant class.
  std::vector<std::string> Reasons;
};

ClassificationResult classify(const KernelAnalysis &A, const Thresholds &T);

} // namespace energy::gpu
