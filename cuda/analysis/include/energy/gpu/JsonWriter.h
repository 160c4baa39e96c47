// JsonWriter: the versioned JSON document of an analysis (docs/formats/gpu-analysis.md).
#pragma once

#include "energy/gpu/Analysis.h"
#include "support/Formats.h"

#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace energy::gpu {

inline constexpr const char *AnalysisFormat = format::GpuAnalysis.Name;
inline constexpr long long AnalysisVersion = format::GpuAnalysis.Version;

// FILES maps each launch's position in ANALYSES to the names of the files written for it.
nlohmann::ordered_json analysisToJson(const std::vector<KernelAnalysis> &Analyses,
                                      const AnalysisOptions &Options,
                                      const std::vector<std::map<std::string, std::string>> &Files);
nlohmann::ordered_json kernelToJson(const KernelAnalysis &A);

} // namespace energy::gpu
