//===- energy/train/import.h - Reading other people's power data ----------===//
//
// Generic CSV import with a column mapping (target, program, time, features
// renamed to perf event names), and the preset for the Kepler project's nx12
// RAPL dataset (shared/data/kepler-nx12).
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_TRAIN_IMPORT_H
#define ENERGY_TRAIN_IMPORT_H

#include "energy/train/dataset.h"

#include <string>
#include <utility>
#include <vector>

namespace energy::train {

struct ColumnMapping {
  std::string target;  ///< column holding power in watts (required)
  std::string program; ///< column naming the program; empty: ProgramName
  std::string programName = "unnamed";
  std::string timestamp; ///< column with the row's start time in seconds
  std::string seconds;   ///< column with the row's duration in seconds
  double interval = 0.0; ///< duration of every row when no seconds column
  /// (source column, feature name); empty: every other numeric column.
  std::vector<std::pair<std::string, std::string>> features;
  RowKind kind = RowKind::Runs;
};

/// Parses "SRC=NAME" or "SRC" into a feature mapping entry.
std::pair<std::string, std::string> parseFeatureMapping(const std::string &Arg);

/// The mapping for shared/data/kepler-nx12/rapl_counters.csv.
ColumnMapping keplerNx12Mapping();

Dataset importCsv(const std::string &Path, const ColumnMapping &Mapping);

} // namespace energy::train

#endif
