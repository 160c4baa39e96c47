//===- energy/train/dataset.h - Training data: counters, power, programs --===//
//
// One row per run of a program (the paper's averaged data), or per sampling
// interval (timelines and time series). Stored as CSV with a header of
// feature names plus a JSON sidecar (docs/formats/dataset.md).
//
//===----------------------------------------------------------------------===//
#ifndef ENERGY_TRAIN_DATASET_H
#define ENERGY_TRAIN_DATASET_H

#include <Eigen/Dense>
#include <nlohmann/json.hpp>

#include <string>
#include <utility>
#include <vector>

namespace energy::train {

/// How the rows relate to each other, which decides how to cross-validate.
enum class RowKind {
  Runs,     ///< one row per run; programs are independent: grouped folds
  Timeline, ///< one row per sampling interval of a run: grouped folds
  Series,   ///< one long time series: contiguous time-block folds
};

const char *rowKindName(RowKind Kind);
RowKind parseRowKind(const std::string &Name);

/// The sidecar's description of where the data came from.
struct DatasetInfo {
  RowKind kind = RowKind::Runs;
  nlohmann::json machine = nlohmann::json::object();
  nlohmann::json meter = nlohmann::json::object();
  std::vector<std::string> events;
  std::string source;
};

struct Dataset {
  std::vector<std::string> features; ///< column names of x, in order
  Eigen::MatrixXd x;                 ///< rows x features, raw counts
  Eigen::VectorXd power;             ///< the target, in watts
  Eigen::VectorXd seconds;           ///< run time (or interval length)
  Eigen::VectorXd timestamp;         ///< start of the row, in seconds
  std::vector<std::string> programs; ///< program of each row
  DatasetInfo info;

  size_t rows() const { return static_cast<size_t>(x.rows()); }
  /// Index of a feature, or -1.
  int featureIndex(const std::string &Name) const;
  /// Distinct program names, in first-seen order.
  std::vector<std::string> programNames() const;
  /// The rows listed, in that order.
  Dataset subset(const std::vector<size_t> &Rows) const;
};

/// The reserved columns of the dataset CSV; every other column is a feature.
inline constexpr const char *ProgramColumn = "program";
inline constexpr const char *TimestampColumn = "timestamp";
inline constexpr const char *SecondsColumn = "seconds";
inline constexpr const char *PowerColumn = "power_w";

struct CsvTable;

/// Where each role lives in a CSV table: column indices, -1 when absent.
struct CsvColumns {
  int power = -1;
  int program = -1; ///< absent: every row belongs to programName
  std::string programName;
  int seconds = -1; ///< absent: every row lasts interval
  double interval = 0.0;
  int timestamp = -1;
  /// (column, feature name), in the dataset's feature order.
  std::vector<std::pair<int, std::string>> features;
};

/// The rows of T as a dataset (info left default, not validated): every cell
/// parsed as a number, or TrainError naming the file, line and column. The
/// one row reader of loadDataset and of import.
Dataset datasetFromTable(const CsvTable &T, const CsvColumns &Columns, const std::string &Path);

/// Refuses what no model can learn from: NaN or infinite values, zero or
/// negative power or time, fewer than two rows, no features.
void validateDataset(const Dataset &Data, const std::string &Origin);

/// Refuses data a model can learn nothing from, though each value is valid: a
/// power that never changes, or counters that never change. Evaluating a model
/// on such data is fine; fitting one is not.
void requireVariation(const Dataset &Data, const std::string &Origin);

/// Reads DATASET.csv and its sidecar DATASET.csv.json (if present); validates.
Dataset loadDataset(const std::string &CsvPath);
/// Writes the CSV and its sidecar.
void saveDataset(const Dataset &Data, const std::string &CsvPath);

std::string sidecarPath(const std::string &CsvPath);

} // namespace energy::train

#endif
