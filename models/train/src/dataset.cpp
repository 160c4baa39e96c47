//===- dataset.cpp - Training data: CSV plus JSON sidecar -----------------===//
#include "energy/train/dataset.h"
#include "csv/CsvText.h"
#include "document/Envelope.h"
#include "energy/train/csv.h"
#include "energy/train/error.h"
#include "support/SafeFile.h"

#include <cmath>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <set>
#include <sstream>

namespace energy::train {

const char *rowKindName(RowKind Kind) {
  switch (Kind) {
  case RowKind::Runs:
    return "runs";
  case RowKind::Timeline:
    return "timeline";
  case RowKind::Series:
    return "series";
  }
  return "runs";
}

RowKind parseRowKind(const std::string &Name) {
  for (RowKind K : {RowKind::Runs, RowKind::Timeline, RowKind::Series})
    if (Name == rowKindName(K))
      return K;
  throw TrainError("unknown row kind '" + Name + "'; use runs, timeline or series");
}

int Dataset::featureIndex(const std::string &Name) const {
  for (size_t I = 0; I < features.size(); ++I)
    if (features[I] == Name)
      return static_cast<int>(I);
  return -1;
}

std::vector<std::string> Dataset::programNames() const {
  std::vector<std::string> Names;
  std::set<std::string> Seen;
  for (const std::string &P : programs)
    if (Seen.insert(P).second)
      Names.push_back(P);
  return Names;
}

Dataset Dataset::subset(const std::vector<size_t> &Rows) const {
  Dataset Out;
  Out.features = features;
  Out.info = info;
  Eigen::Index N = static_cast<Eigen::Index>(Rows.size());
  Out.x.resize(N, x.cols());
  Out.power.resize(N);
  Out.seconds.resize(N);
  if (timestamp.size())
    Out.timestamp.resize(N);
  for (Eigen::Index I = 0; I < N; ++I) {
    Eigen::Index R = static_cast<Eigen::Index>(Rows[I]);
    Out.x.row(I) = x.row(R);
    Out.power(I) = power(R);
    Out.seconds(I) = seconds(R);
    if (timestamp.size())
      Out.timestamp(I) = timestamp(R);
    Out.programs.push_back(programs[Rows[I]]);
  }
  return Out;
}

void validateDataset(const Dataset &Data, const std::string &Origin) {
  require(!Data.features.empty(), Origin + ": no feature columns; a dataset needs counter columns "
                                           "besides program, timestamp, seconds and power_w");
  require(Data.rows() >= 2,
          Origin + ": " + std::to_string(Data.rows()) + " rows; at least 2 are needed to learn");
  for (Eigen::Index R = 0; R < Data.x.rows(); ++R) {
    std::string Where = Origin + ": row " + std::to_string(R + 1) + " (" + Data.programs[R] + ")";
    for (Eigen::Index C = 0; C < Data.x.cols(); ++C)
      require(std::isfinite(Data.x(R, C)), Where + ": feature '" + Data.features[C] +
                                               "' is NaN or infinite; drop or fix the row");
    require(std::isfinite(Data.power(R)) && Data.power(R) > 0,
            Where + ": power " + std::to_string(Data.power(R)) +
                " W is not positive; the meter failed for this row, drop it");
    require(std::isfinite(Data.seconds(R)) && Data.seconds(R) > 0,
            Where + ": seconds " + std::to_string(Data.seconds(R)) +
                " is not positive; drop or fix the row");
    if (Data.timestamp.size())
      require(std::isfinite(Data.timestamp(R)),
              Where + ": timestamp is NaN or infinite; fix the row");
  }
  require(Data.info.kind != RowKind::Series || Data.timestamp.size(),
          Origin + ": a series dataset needs a 'timestamp' column");
}

void requireVariation(const Dataset &Data, const std::string &Origin) {
  require(Data.power.maxCoeff() > Data.power.minCoeff(),
          Origin + ": power_w is " + std::to_string(Data.power(0)) +
              " W in every row, so a model could only learn that constant; "
              "measure runs whose power differs");
  bool AnyVaries = false;
  for (Eigen::Index C = 0; C < Data.x.cols(); ++C)
    AnyVaries |= Data.x.col(C).maxCoeff() > Data.x.col(C).minCoeff();
  require(AnyVaries, Origin + ": every feature column is constant, so none can "
                              "explain the power; measure counters that differ "
                              "between rows");
}

std::string sidecarPath(const std::string &CsvPath) { return CsvPath + ".json"; }

namespace {

const document::Wording SidecarWording = {
    .BeforeOrigin = "",
    .Key = "'{path}'",
    .Missing = "missing '{path}'",
    .WayOut = "; regenerate the sidecar or delete it",
    .BareTypeNames = false,
    .NumberedElements = true,
    .Raise = document::raise<TrainError>,
};

const document::Refusals NotASidecar = {
    .NotThisFormat = "not an energypass-dataset sidecar (no \"format\" member)",
    .WrongFormat = "not an energypass-dataset sidecar (format '{found}')",
    .UnsupportedVersion = "dataset version {found} is not supported (this energy-train reads "
                          "{versions}); upgrade energy-train",
};

/// A free-form description (`machine`, `meter`): any JSON, {} when absent.
nlohmann::json optionalDescription(const document::View &Doc, const std::string &Key) {
  auto Member = Doc.optional(Key);
  return Member ? Member->json() : nlohmann::json::object();
}

DatasetInfo readSidecar(const std::string &Path) {
  DatasetInfo Info;
  if (!std::filesystem::exists(Path))
    return Info;
  std::ifstream In(Path);
  require(static_cast<bool>(In), Path + ": cannot open; check permissions");
  nlohmann::json J = nlohmann::json::parse(In, nullptr, false);
  require(!J.is_discarded(), Path + ": not valid JSON; regenerate the sidecar or delete it");
  document::View Doc(J, Path, SidecarWording);
  document::checkEnvelope(Doc, format::Dataset, NotASidecar);
  try {
    Info.kind = parseRowKind(Doc.stringOr("kind", "runs"));
  } catch (const TrainError &E) {
    Doc.refuse(E.what());
  }
  Info.machine = optionalDescription(Doc, "machine");
  Info.meter = optionalDescription(Doc, "meter");
  if (auto Events = Doc.optional("events"))
    Info.events = Events->strings();
  Info.source = Doc.stringOr("source", "");
  return Info;
}

int requireColumn(const CsvTable &T, const std::string &Name, const std::string &Origin) {
  int C = T.column(Name);
  require(C >= 0, Origin + ": missing column '" + Name +
                      "'; a dataset needs program, seconds and power_w "
                      "(use energy-train import to map other files)");
  return C;
}

} // namespace

Dataset datasetFromTable(const CsvTable &T, const CsvColumns &C, const std::string &Path) {
  Dataset D;
  for (const auto &[Column, Name] : C.features)
    D.features.push_back(Name);
  Eigen::Index N = static_cast<Eigen::Index>(T.rows.size());
  D.x.resize(N, static_cast<Eigen::Index>(C.features.size()));
  D.power.resize(N);
  D.seconds.resize(N);
  if (C.timestamp >= 0)
    D.timestamp.resize(N);
  for (Eigen::Index R = 0; R < N; ++R) {
    const auto &Row = T.rows[static_cast<size_t>(R)];
    size_t Line = static_cast<size_t>(R) + 2; // after the header, from 1
    auto number = [&](int Column) {
      return parseNumber(Row[Column], Path, Line, T.header[Column]);
    };
    D.programs.push_back(C.program >= 0 ? Row[C.program] : C.programName);
    D.power(R) = number(C.power);
    D.seconds(R) = C.seconds >= 0 ? number(C.seconds) : C.interval;
    if (C.timestamp >= 0)
      D.timestamp(R) = number(C.timestamp);
    for (size_t F = 0; F < C.features.size(); ++F)
      D.x(R, static_cast<Eigen::Index>(F)) = number(C.features[F].first);
  }
  return D;
}

Dataset loadDataset(const std::string &CsvPath) {
  CsvTable T = readCsv(CsvPath);
  CsvColumns C;
  C.program = requireColumn(T, ProgramColumn, CsvPath);
  C.seconds = requireColumn(T, SecondsColumn, CsvPath);
  C.power = requireColumn(T, PowerColumn, CsvPath);
  C.timestamp = T.column(TimestampColumn);
  for (size_t I = 0; I < T.header.size(); ++I) {
    int Column = static_cast<int>(I);
    if (Column != C.program && Column != C.seconds && Column != C.power && Column != C.timestamp)
      C.features.push_back({Column, T.header[I]});
  }
  Dataset D = datasetFromTable(T, C, CsvPath);
  D.info = readSidecar(sidecarPath(CsvPath));
  validateDataset(D, CsvPath);
  return D;
}

void saveDataset(const Dataset &Data, const std::string &CsvPath) {
  std::ostringstream Out;
  Out << std::setprecision(17);
  bool HasTime = Data.timestamp.size() > 0;
  Out << ProgramColumn << (HasTime ? std::string(",") + TimestampColumn : "") << ','
      << SecondsColumn << ',' << PowerColumn;
  for (const std::string &F : Data.features)
    Out << ',' << csv::field(F);
  Out << '\n';
  for (Eigen::Index R = 0; R < Data.x.rows(); ++R) {
    Out << csv::field(Data.programs[R]);
    if (HasTime)
      Out << ',' << Data.timestamp(R);
    Out << ',' << Data.seconds(R) << ',' << Data.power(R);
    for (Eigen::Index C = 0; C < Data.x.cols(); ++C)
      Out << ',' << Data.x(R, C);
    Out << '\n';
  }
  nlohmann::json J = {{"format", format::Dataset.Name},      {"version", format::Dataset.Version},
                      {"kind", rowKindName(Data.info.kind)}, {"source", Data.info.source},
                      {"machine", Data.info.machine},        {"meter", Data.info.meter},
                      {"events", Data.info.events},          {"target", PowerColumn}};
  std::string Error;
  require(support::writeFileSafely(CsvPath, Out.str(), {.Named = true}, Error),
          CsvPath + ": cannot write (" + Error + "); check the directory and permissions");
  require(support::writeFileSafely(sidecarPath(CsvPath), J.dump(2) + "\n", {}, Error),
          sidecarPath(CsvPath) + ": cannot write (" + Error + ")");
}

} // namespace energy::train
