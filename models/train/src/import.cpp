//===- import.cpp - Reading other people's power data ---------------------===//
#include "energy/train/import.h"
#include "energy/train/csv.h"
#include "energy/train/error.h"

#include <set>

namespace energy::train {

std::pair<std::string, std::string> parseFeatureMapping(const std::string &Arg) {
  size_t Eq = Arg.find('=');
  if (Eq == std::string::npos)
    return {Arg, Arg};
  require(Eq > 0 && Eq + 1 < Arg.size(), "feature mapping '" + Arg + "' is not SRC=NAME");
  return {Arg.substr(0, Eq), Arg.substr(Eq + 1)};
}

ColumnMapping keplerNx12Mapping() {
  ColumnMapping M;
  M.target = "package_power";
  M.programName = "nx12-stress";
  M.timestamp = "timestamp";
  M.interval = 3.0; // the Kepler exporter samples every 3 s
  M.features = {{"cache_miss", "cache-misses"},
                {"cpu_cycles", "cycles"},
                {"cpu_instructions", "instructions"}};
  M.kind = RowKind::Series;
  return M;
}

namespace {

int mappedColumn(const CsvTable &T, const std::string &Name, const std::string &Role,
                 const std::string &Path) {
  int C = T.column(Name);
  require(C >= 0, Path + ": missing column '" + Name + "' (the " + Role +
                      "); check the column mapping options");
  return C;
}

/// Every column not already used, as a feature of the same name.
std::vector<std::pair<std::string, std::string>>
remainingColumns(const CsvTable &T, const std::set<std::string> &Used) {
  std::vector<std::pair<std::string, std::string>> Features;
  for (const std::string &H : T.header)
    if (!Used.count(H))
      Features.push_back({H, H});
  return Features;
}

} // namespace

Dataset importCsv(const std::string &Path, const ColumnMapping &M) {
  require(!M.target.empty(), "import needs the power column (--target COL)");
  CsvTable T = readCsv(Path);
  auto optional = [&](const std::string &Name, const char *Role) {
    return Name.empty() ? -1 : mappedColumn(T, Name, Role, Path);
  };
  CsvColumns C;
  C.power = mappedColumn(T, M.target, "target power", Path);
  C.program = optional(M.program, "program");
  C.programName = M.programName;
  C.timestamp = optional(M.timestamp, "timestamp");
  C.seconds = optional(M.seconds, "duration");
  C.interval = M.interval;
  require(C.seconds >= 0 || M.interval > 0,
          "import needs each row's duration: --seconds COL or --interval S");
  std::set<std::string> Used = {M.target, M.program, M.timestamp, M.seconds};
  auto Features = M.features.empty() ? remainingColumns(T, Used) : M.features;
  for (const auto &[Src, Name] : Features)
    C.features.push_back({mappedColumn(T, Src, "feature", Path), Name});

  Dataset D = datasetFromTable(T, C, Path);
  D.info.kind = M.kind;
  D.info.source = Path;
  D.info.meter = {{"column", M.target}, {"unit", "W"}};
  D.info.events = D.features;
  validateDataset(D, Path);
  return D;
}

} // namespace energy::train
