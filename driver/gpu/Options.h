// Options: the flags every energy-gpu subcommand shares (inputs, simulator hints, distance and
// clustering settings, classification thresholds) and how they become library options.
#pragma once

#include "energy/gpu/Analysis.h"
#include "energy/gpu/GpgpuSimTrace.h"
#include "energy/gpu/Kernel.h"

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

namespace energy::gpu::cli {

struct CommonOptions {
  std::vector<std::string> Inputs;
  std::vector<std::string> PtxFiles;
  uint32_t BlockSize = 0;
  std::string Metric = "euclidean";
  bool WeightBySize = false, Normalize = false;
  size_t MaxMatrix = 2048;
  uint32_t MaxK = 10;
  uint64_t Seed = 1;
  std::vector<std::string> Thresholds;

  void add(CLI::App &App);
  AnalysisOptions analysisOptions() const;
  GpgpuSimOptions gpgpuOptions() const;
};

// Reads and analyses every launch of every input, in order.
std::vector<KernelAnalysis> analyseInputs(const CommonOptions &O,
                                          std::vector<std::string> *InputOfKernel);

} // namespace energy::gpu::cli
