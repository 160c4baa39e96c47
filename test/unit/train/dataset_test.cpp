//===- dataset_test.cpp - Dataset files, import, and bad input ------------===//
#include "test_helpers.h"

#include "energy/train/error.h"
#include "energy/train/import.h"

#include <gtest/gtest.h>

using namespace energy::train;

namespace {

/// The error message of loading Csv (with an optional sidecar), or "".
std::string loadError(const std::string &Name, const std::string &Csv,
                      const std::string &Sidecar = "") {
  std::string Dir = test::temporaryDirectory(Name);
  test::writeFile(Dir + "/d.csv", Csv);
  if (!Sidecar.empty())
    test::writeFile(Dir + "/d.csv.json", Sidecar);
  try {
    loadDataset(Dir + "/d.csv");
  } catch (const TrainError &E) {
    return E.what();
  }
  return "";
}

} // namespace

TEST(Dataset, SaveAndLoadRoundTrip) {
  Eigen::VectorXd Coef(3);
  Coef << 1, 2, 3;
  Dataset D = test::linearDataset(Coef, 50, 0.1, 20, 4);
  D.info.kind = RowKind::Timeline;
  D.info.events = D.features;
  D.info.machine = {{"cpu", "test cpu"}};
  D.timestamp = Eigen::VectorXd::LinSpaced(20, 0, 19);
  D.programs[3] = "prog, with \"quotes\"";
  std::string Path = test::temporaryDirectory("roundtrip") + "/d.csv";
  saveDataset(D, Path);
  Dataset L = loadDataset(Path);
  EXPECT_EQ(L.features, D.features);
  EXPECT_EQ(L.programs, D.programs);
  EXPECT_EQ(L.info.kind, RowKind::Timeline);
  EXPECT_EQ(L.info.machine["cpu"], "test cpu");
  EXPECT_LT((L.x - D.x).cwiseAbs().maxCoeff(), 1e-12);
  EXPECT_LT((L.power - D.power).cwiseAbs().maxCoeff(), 1e-12);
  EXPECT_LT((L.timestamp - D.timestamp).cwiseAbs().maxCoeff(), 1e-12);
}

TEST(Dataset, MissingColumnIsNamed) {
  std::string E = loadError("missing", "program,seconds,cycles\na,1,5\nb,1,6\n");
  EXPECT_NE(E.find("missing column 'power_w'"), std::string::npos) << E;
}

TEST(Dataset, NanFeatureIsRefusedWithItsRow) {
  std::string E = loadError("nan", "program,seconds,power_w,cycles\na,1,50,5\nb,1,60,nan\n");
  EXPECT_NE(E.find("row 2"), std::string::npos) << E;
  EXPECT_NE(E.find("'cycles' is NaN"), std::string::npos) << E;
}

TEST(Dataset, ZeroAndNegativePowerAreRefused) {
  EXPECT_NE(
      loadError("zero", "program,seconds,power_w,cycles\na,1,0,5\nb,1,60,6\n").find("not positive"),
      std::string::npos);
  EXPECT_NE(
      loadError("neg", "program,seconds,power_w,cycles\na,1,50,5\nb,1,-3,6\n").find("power -3"),
      std::string::npos);
}

TEST(Dataset, TruncatedAndCorruptFilesAreRefused) {
  EXPECT_NE(loadError("trunc", "program,seconds,power_w,cycles\na,1,50,5\nb,1\n")
                .find("2 fields where the header has 4"),
            std::string::npos);
  EXPECT_NE(loadError("text", "program,seconds,power_w,cycles\na,1,50,five\nb,1,5,6\n")
                .find("'five', not a number"),
            std::string::npos);
  EXPECT_NE(loadError("empty", "").find("empty file"), std::string::npos);
  EXPECT_NE(
      loadError("nofeat", "program,seconds,power_w\na,1,50\nb,1,5\n").find("no feature columns"),
      std::string::npos);
}

TEST(Dataset, UnknownSidecarVersionIsRefused) {
  std::string E = loadError("version", "program,seconds,power_w,cycles\na,1,50,5\nb,1,60,6\n",
                            R"({"format": "energypass-dataset", "version": 9})");
  EXPECT_NE(E.find("version 9 is not supported"), std::string::npos) << E;
}

TEST(Import, KeplerNx12PresetReadsTheSharedData) {
  std::string Path =
      std::string(ENERGY_SOURCE_DIR) + "/../shared/data/kepler-nx12/rapl_counters.csv";
  Dataset D = importCsv(Path, keplerNx12Mapping());
  EXPECT_EQ(D.rows(), 2202u);
  EXPECT_EQ(D.features, (std::vector<std::string>{"cache-misses", "cycles", "instructions"}));
  EXPECT_EQ(D.info.kind, RowKind::Series);
  EXPECT_NEAR(D.power(0), 45.68033333371082, 1e-9);
  EXPECT_DOUBLE_EQ(D.seconds(0), 3.0);
}

TEST(Import, GenericMappingRenamesColumns) {
  std::string Dir = test::temporaryDirectory("import");
  test::writeFile(Dir + "/in.csv", "bench,watts,dur,cyc,ins\nx,50,2,10,20\ny,70,3,30,40\n");
  ColumnMapping M;
  M.target = "watts";
  M.program = "bench";
  M.seconds = "dur";
  M.features = {parseFeatureMapping("cyc=cycles"), parseFeatureMapping("ins=instructions")};
  Dataset D = importCsv(Dir + "/in.csv", M);
  EXPECT_EQ(D.features, (std::vector<std::string>{"cycles", "instructions"}));
  EXPECT_EQ(D.programs, (std::vector<std::string>{"x", "y"}));
  EXPECT_DOUBLE_EQ(D.seconds(1), 3);
  M.target = "power";
  try {
    importCsv(Dir + "/in.csv", M);
    FAIL() << "a missing target column must be refused";
  } catch (const TrainError &E) {
    EXPECT_NE(std::string(E.what()).find("missing column 'power'"), std::string::npos);
  }
}
