//===- energy/export/speedscope_file.h - Reports as a speedscope file -----===//
//
// `energy-report export --format speedscope` writes speedscope's own JSON
// format (https://www.speedscope.app/file-format-schema.json): shared frames
// (each region once: demangled name, file, line), and per report three
// "sampled" profiles, energy (unit "none", nanojoules: speedscope has no
// energy unit), time (nanoseconds) and FLOPs (unit "none"), named after the
// metric and the process. Samples are the call paths of
// call_path_profile.h, root first, weighted by the metric, and a profile's
// weights add up to the report's total (its endValue).
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_EXPORT_SPEEDSCOPE_FILE_H
#define ENERGY_EXPORT_SPEEDSCOPE_FILE_H

#include "energy/export/export_input.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace energy::exporter {

/// The speedscope document of all the reports; `Exporter` is the
/// "name@version" written as `exporter`.
nlohmann::json speedscopeFile(const std::vector<ExportInput> &Inputs, const std::string &Exporter);

} // namespace energy::exporter

#endif
