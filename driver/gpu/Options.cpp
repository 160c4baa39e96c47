// Options: shared flag definitions and the read-then-analyse loop of all subcommands.
#include "Options.h"

#include "energy/gpu/InputLoader.h"

namespace energy::gpu::cli {

void CommonOptions::add(CLI::App &App) {
  App.add_option("inputs", Inputs,
                 "Accel-Sim trace directory, kernelslist.g or kernel-N.trace[g][.xz]; GPGPU-Sim "
                 "instruction log; or EnergyPass GPU profile (.json[.xz])")
      ->required();
  App.add_option("--ptx", PtxFiles, "PTX file(s) the GPGPU-Sim log refers to")
      ->check(CLI::ExistingFile);
  App.add_option("--block-size", BlockSize,
                 "threads per block for GPGPU-Sim logs (the log does not say)");
  App.add_option("--metric", Metric, "distance between basic-block vectors")
      ->check(CLI::IsMember({"euclidean", "manhattan", "cosine"}));
  App.add_flag("--weight-by-size", WeightBySize, "weight block counts by block size (as SimPoint)");
  App.add_flag("--normalize", Normalize,
               "normalise each vector to sum 1 (SimPoint frequency vectors)");
  App.add_option("--max-matrix", MaxMatrix,
                 "largest number of distinct behaviours for the similarity matrix")
      ->check(CLI::Range(size_t(1), size_t(1) << 16));
  App.add_option("--max-k", MaxK, "largest number of clusters tried")->check(CLI::Range(1u, 100u));
  App.add_option("--seed", Seed, "seed of the k-means initialisation");
  App.add_option("--threshold", Thresholds,
                 "classification threshold NAME=VALUE (see docs/energy-gpu.md), repeatable");
}

AnalysisOptions CommonOptions::analysisOptions() const {
  AnalysisOptions A;
  A.Vectors.Distance = parseMetric(Metric);
  A.Vectors.WeightBySize = WeightBySize;
  A.Vectors.Normalize = Normalize;
  A.MaxMatrixBehaviours = MaxMatrix;
  A.Clusters.MaxK = MaxK;
  A.Clusters.Seed = Seed;
  for (const std::string &T : Thresholds)
    A.Limits.set(T);
  return A;
}

GpgpuSimOptions CommonOptions::gpgpuOptions() const { return GpgpuSimOptions{PtxFiles, BlockSize}; }

std::vector<KernelAnalysis> analyseInputs(const CommonOptions &O,
                                          std::vector<std::string> *InputOfKernel) {
  AnalysisOptions A = O.analysisOptions();
  std::vector<KernelAnalysis> Out;
  for (const std::string &Input : O.Inputs)
    for (Kernel &K : loadInput(Input, O.gpgpuOptions())) {
      Out.push_back(analyseKernel(std::move(K), A));
      if (InputOfKernel)
        InputOfKernel->push_back(Input);
    }
  return Out;
}

} // namespace energy::gpu::cli
