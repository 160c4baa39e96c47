// JsonWriter: builds the energypass-gpu-analysis document from the analyses.
#include "energy/gpu/JsonWriter.h"

#include "energy/gpu/Summary.h"

#include <cmath>

namespace energy::gpu {
namespace {

using json = nlohmann::ordered_json;

json number(double X) { return std::isfinite(X) ? json(X) : json(nullptr); }

json cfgJson(const KernelAnalysis &A) {
  json Blocks = json::array();
  for (const BasicBlock &B : A.K.Blocks)
    Blocks.push_back({{"id", B.Id},
                      {"label", B.Label},
                      {"address", B.Address},
                      {"instructions", B.Instructions},
                      {"opcode_mix", B.OpcodeMix},
                      {"terminator", B.Terminator},
                      {"ends_in_exit", B.EndsInExit},
                      {"thread_executions", A.BlockExecutions[B.Id]},
                      {"exit_probability", A.ExitProbability[B.Id]},
                      {"predecessors", B.Predecessors},
                      {"successors", B.Successors}});
  json Transitions = json::array();
  for (const Transition &T : A.Transitions)
    Transitions.push_back(
        {{"from", T.From}, {"to", T.To}, {"count", T.Count}, {"probability", T.Probability}});
  return {{"block_count", A.K.Blocks.size()}, {"blocks", Blocks}, {"transitions", Transitions}};
}

json predicatedOn(const Kernel &K, const Behaviour &B) {
  double On = K.predicatedOnInstructionsOf(B);
  return On < 0 ? json(nullptr) : json(On);
}

json behavioursJson(const KernelAnalysis &A) {
  std::vector<ThreadRanges> Ranges = behaviourThreadRanges(A.K, 16);
  json Out = json::array();
  for (size_t I = 0; I < A.K.Behaviours.size(); ++I) {
    const Behaviour &B = A.K.Behaviours[I];
    json R = json::array();
    for (const auto &[First, Last] : Ranges[I].Ranges)
      R.push_back({First, Last});
    Out.push_back(
        {{"id", I},
         {"threads", B.Threads},
         {"first_thread", B.FirstThread},
         {"thread_ranges", R},
         {"thread_range_count", Ranges[I].Total},
         {"block_counts", B.BlockCounts},
         {"instructions", A.K.instructionsOf(B)},
         {"instructions_predicated_on", predicatedOn(A.K, B)},
         {"cluster", A.Clusters.BehaviourCluster.empty() ? 0 : A.Clusters.BehaviourCluster[I]}});
  }
  return Out;
}

json divergenceJson(const KernelAnalysis &A) {
  const DivergenceSummary &D = A.Divergence;
  return {{"source", D.Measured ? "measured-from-masks" : "estimated-from-counts"},
          {"branches", D.Total.Branches},
          {"divergent_branches", D.Total.DivergentBranches},
          {"branch_efficiency", D.BranchEfficiency},
          {"warp_instructions", D.Total.WarpInstructions},
          {"active_thread_instructions", D.Total.ActiveThreadInstructions},
          {"warp_execution_efficiency", D.WarpExecutionEfficiency},
          {"predicated_on_efficiency",
           D.PredicatedOnEfficiency < 0 ? json(nullptr) : json(D.PredicatedOnEfficiency)},
          {"warps", D.Warps},
          {"divergent_warps", D.DivergentWarps}};
}

json groupsJson(const GroupSyncSummary &G) {
  return {{"groups", G.Groups},
          {"mixed_groups", G.MixedGroups},
          {"mean_distance", number(G.MeanDistance)},
          {"sync_ratio", G.SyncRatio}};
}

json clustersJson(const KernelAnalysis &A) {
  json Clusters = json::array();
  for (size_t C = 0; C < A.Clusters.Clusters.size(); ++C) {
    const Cluster &Cl = A.Clusters.Clusters[C];
    Clusters.push_back({{"id", C},
                        {"threads", Cl.Threads},
                        {"behaviours", Cl.Behaviours},
                        {"representative_behaviour", Cl.Representative},
                        {"representative_thread", Cl.RepresentativeThread}});
  }
  return {{"k", A.Clusters.K}, {"bic", A.Clusters.Bic}, {"clusters", Clusters}};
}

json classificationJson(const KernelAnalysis &A) {
  json Stats = json::array();
  for (const Statistic &S : A.Classification.Statistics)
    Stats.push_back({{"name", S.Definition->Name},
                     {"class", S.Definition->Class},
                     {"direction", S.Definition->Direction},
                     {"value", number(S.Value)},
                     {"threshold", S.Threshold},
                     {"significant", S.Significant}});
  return {{"divergence_significant", A.Classification.DivergenceSignificant},
          {"behaviour_significant", A.Classification.BehaviourSignificant},
          {"decided_by", A.Classification.Reasons},
          {"statistics", Stats}};
}

json dependenciesJson(const Kernel &K) {
  if (!K.HasDependencyDistances)
    return nullptr;
  json Histogram = json::object();
  for (size_t B = 0; B < DependencyDistances::Buckets; ++B)
    Histogram[DependencyDistances::bucketName(B)] = K.Dependencies.Histogram[B];
  return {{"reads", K.Dependencies.Reads},
          {"mean", K.Dependencies.Reads ? K.Dependencies.Sum / double(K.Dependencies.Reads) : 0.0},
          {"histogram", Histogram}};
}

} // namespace

json kernelToJson(const KernelAnalysis &A) {
  const Kernel &K = A.K;
  json Similarity = {{"computed", A.Similarity.Computed},
                     {"over", "behaviours"},
                     {"max_distance", A.Similarity.MaxDistance}};
  if (!A.Similarity.Computed)
    Similarity["omitted_reason"] = A.Similarity.OmittedReason;
  return {{"name", K.Name},
          {"demangled", demangle(K.Name)},
          {"launch", K.Launch},
          {"source", {{"kind", sourceKindName(K.Source)}, {"path", K.SourcePath}}},
          {"grid", {K.Grid.X, K.Grid.Y, K.Grid.Z}},
          {"block", {K.Block.X, K.Block.Y, K.Block.Z}},
          {"warp_size", K.WarpSize},
          {"threads", K.threads()},
          {"warps", K.warps()},
          {"cfg", cfgJson(A)},
          {"dependency_distances", dependenciesJson(K)},
          {"behaviours", behavioursJson(A)},
          {"divergence", divergenceJson(A)},
          {"similarity", Similarity},
          {"groups", {{"warp", groupsJson(A.Warps)}, {"thread_block", groupsJson(A.ThreadBlocks)}}},
          {"clusters", clustersJson(A)},
          {"classification", classificationJson(A)},
          {"summary", summarize(A)}};
}

json analysisToJson(const std::vector<KernelAnalysis> &Analyses, const AnalysisOptions &Options,
                    const std::vector<std::map<std::string, std::string>> &Files) {
  json Thresholds = json::object();
  for (const StatisticDefinition &D : statisticDefinitions())
    Thresholds[D.Name] = Options.Limits.get(D.Name);
  json Kernels = json::array();
  for (size_t I = 0; I < Analyses.size(); ++I) {
    json K = kernelToJson(Analyses[I]);
    K["files"] = I < Files.size() ? json(Files[I]) : json::object();
    Kernels.push_back(std::move(K));
  }
  return {{"format", AnalysisFormat},
          {"version", AnalysisVersion},
          {"options",
           {{"metric", metricName(Options.Vectors.Distance)},
            {"weight_by_block_size", Options.Vectors.WeightBySize},
            {"normalize", Options.Vectors.Normalize},
            {"max_matrix_behaviours", Options.MaxMatrixBehaviours},
            {"max_k", Options.Clusters.MaxK},
            {"seed", Options.Clusters.Seed},
            {"thresholds", Thresholds}}},
          {"kernels", Kernels}};
}

} // namespace energy::gpu
