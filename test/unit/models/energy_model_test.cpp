//===- energy_model_test.cpp - loadModel and the EnergyModel interface ----===//
#include "energy/model/energy_model.h"

#include <gtest/gtest.h>

#include <fstream>
#include <string>

using energy::model::Activity;
using energy::model::EnergyModel;
using energy::model::EventValues;
using energy::model::loadModel;
using energy::model::ModelError;
using energy::model::ModelInputs;

namespace {

const std::string ShippedDir = std::string(ENERGY_SOURCE_DIR) + "/models/";

std::string loadError(const std::string &Path) {
  try {
    loadModel(Path);
  } catch (const ModelError &E) {
    return E.what();
  }
  return "";
}

std::string writeTemp(const std::string &Name, const std::string &Text) {
  std::string Path = testing::TempDir() + Name;
  std::ofstream(Path) << Text;
  return Path;
}

} // namespace

TEST(EnergyModel, LoadsTheAnalyticDefaultByItsKind) {
  std::unique_ptr<EnergyModel> M = loadModel(ShippedDir + "default.json");
  EXPECT_EQ(M->kind(), "analytic");
  EXPECT_TRUE(M->requiredEvents().empty());
  Activity A;
  A.instructions = 1000000;
  ModelInputs In{&A, nullptr, 2.0};
  energy::model::EnergyEstimate E = M->estimate(In);
  EXPECT_GT(E.staticJoules, 0.0);
  EXPECT_GT(E.dynamicJoules, 0.0);
  // The time is the inputs', so a region's share of a run can be estimated.
  ModelInputs Half{&A, nullptr, 1.0};
  EXPECT_NEAR(M->estimate(Half).staticJoules * 2, E.staticJoules, 1e-12);
}

TEST(EnergyModel, AnalyticModelRefusesInputsWithoutCounts) {
  std::unique_ptr<EnergyModel> M = loadModel(ShippedDir + "default.json");
  EventValues Events{{"cycles", 1e9}};
  EXPECT_THROW(M->estimate(ModelInputs{nullptr, &Events, 1.0}), ModelError);
  EXPECT_THROW(M->realTimeJoules({Events}, 1.0), ModelError);
}

TEST(EnergyModel, LoadRefusesBadFilesWithOneLine) {
  std::string Missing = loadError("/nonexistent/model.json");
  EXPECT_NE(Missing.find("cannot open"), std::string::npos);
  std::string Cut = loadError(writeTemp("cut.json", R"({"format": "energyp)"));
  EXPECT_NE(Cut.find("not valid JSON"), std::string::npos);
  std::string NoKind =
      loadError(writeTemp("nokind.json", R"({"format": "energypass-model", "version": 1})"));
  EXPECT_NE(NoKind.find("'kind' is missing"), std::string::npos);
  std::string Odd = loadError(
      writeTemp("odd.json", R"({"format": "energypass-model", "version": 1, "kind": "oracle"})"));
  EXPECT_NE(Odd.find("\"oracle\""), std::string::npos);
  for (const std::string &E : {Missing, Cut, NoKind, Odd})
    EXPECT_EQ(E.find('\n'), std::string::npos) << E;
}
