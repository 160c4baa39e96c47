//===- analytic_model_test.cpp - Validation and estimates of the analytic model
//===//
#include "energy/model/analytic_model.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <fstream>
#include <string>

using energy::model::Activity;
using energy::model::AnalyticModel;
using energy::model::ModelError;
using nlohmann::json;

namespace {

const std::string ShippedModel = std::string(ENERGY_SOURCE_DIR) + "/models/default.json";

// A model whose energies are easy to sum by hand: 1 pJ per FLOP of every kind
// except double FMA (3 pJ), 2 pJ per byte loaded, 5 per byte stored, 7 per
// instruction, 11 per branch, 10 W static.
json simpleModel() {
  json Kinds = {{"addsub", 1}, {"mul", 1},    {"div", 1},  {"sqrt", 1},
                {"fma", 1},    {"minmax", 1}, {"other", 1}};
  json Double = Kinds;
  Double["fma"] = 3;
  return {{"format", "energypass-model"},
          {"version", 1},
          {"kind", "analytic"},
          {"name", "simple"},
          {"static_power_w", 10.0},
          {"energy_pj",
           {{"flop", {{"half", Kinds}, {"float", Kinds}, {"double", Double}}},
            {"byte_loaded", 2},
            {"byte_stored", 5},
            {"instruction", 7},
            {"branch", 11}}}};
}

// Runs fromJson and returns the error's message, or "" when it was accepted.
std::string errorOf(const json &Doc) {
  try {
    AnalyticModel::fromJson(Doc, "m.json");
  } catch (const ModelError &E) {
    return E.what();
  }
  return "";
}

std::string writeTemp(const std::string &Name, const std::string &Text) {
  std::string Path = ::testing::TempDir() + Name;
  std::ofstream(Path, std::ios::binary) << Text;
  return Path;
}

} // namespace

TEST(AnalyticModel, ShippedDefaultModelLoads) {
  AnalyticModel M = AnalyticModel::load(ShippedModel);
  EXPECT_EQ(M.name(), "default-analytic-v1");
  EXPECT_EQ(M.version(), 1);
}

TEST(AnalyticModel, EstimateSumsStaticAndPerOperationEnergy) {
  AnalyticModel M = AnalyticModel::fromJson(simpleModel(), "m.json");
  Activity A;
  A.seconds = 0.5;
  A.flops[ENERGY_PREC_FLOAT][ENERGY_FLOP_ADDSUB] = 100;
  A.flops[ENERGY_PREC_DOUBLE][ENERGY_FLOP_FMA] = 40;
  A.bytesLoaded = 1000;
  A.bytesStored = 10;
  A.instructions = 3;
  A.branches = 2;
  A.calls = 99; // calls carry no energy of their own in this model
  energy::model::EnergyEstimate E = M.estimate(A);
  EXPECT_DOUBLE_EQ(E.staticJoules, 5.0);
  double Picojoules = 100 * 1 + 40 * 3 + 1000 * 2 + 10 * 5 + 3 * 7 + 2 * 11;
  EXPECT_NEAR(E.dynamicJoules, Picojoules * 1e-12, 1e-24);
  EXPECT_DOUBLE_EQ(E.total(), E.staticJoules + E.dynamicJoules);
}

TEST(AnalyticModel, ShippedModelMakesDoubleCostlierThanFloat) {
  AnalyticModel M = AnalyticModel::load(ShippedModel);
  Activity Float, Double;
  Float.flops[ENERGY_PREC_FLOAT][ENERGY_FLOP_MUL] = 1000000;
  Double.flops[ENERGY_PREC_DOUBLE][ENERGY_FLOP_MUL] = 1000000;
  EXPECT_GT(M.estimate(Double).dynamicJoules, M.estimate(Float).dynamicJoules);
  EXPECT_EQ(M.estimate(Float).staticJoules, 0.0);
}

TEST(AnalyticModel, MissingKeyIsNamedWithItsPath) {
  json Doc = simpleModel();
  Doc["energy_pj"]["flop"]["double"].erase("fma");
  EXPECT_EQ(errorOf(Doc), "energy model m.json: key 'energy_pj.flop.double.fma' is missing; "
                          "fix the file (docs/formats/model.md) or set ENERGY_MODEL to "
                          "another model");
}

TEST(AnalyticModel, WrongTypeIsRefused) {
  json Doc = simpleModel();
  Doc["energy_pj"]["byte_loaded"] = "1.5";
  EXPECT_NE(errorOf(Doc).find("'energy_pj.byte_loaded' must be a number, "
                              "found string"),
            std::string::npos);
  Doc = simpleModel();
  Doc["energy_pj"]["flop"] = json::array();
  EXPECT_NE(errorOf(Doc).find("'energy_pj.flop' must be an object"), std::string::npos);
}

TEST(AnalyticModel, NegativeEnergyIsRefused) {
  json Doc = simpleModel();
  Doc["energy_pj"]["instruction"] = -1;
  EXPECT_NE(errorOf(Doc).find("'energy_pj.instruction' must be zero or "
                              "positive, found -1"),
            std::string::npos);
  Doc = simpleModel();
  Doc["static_power_w"] = -0.5;
  EXPECT_NE(errorOf(Doc).find("'static_power_w' must be zero or positive"), std::string::npos);
}

TEST(AnalyticModel, UnknownVersionIsRefused) {
  json Doc = simpleModel();
  Doc["version"] = 7;
  EXPECT_EQ(errorOf(Doc), "energy model m.json: unsupported model version 7 "
                          "(this build reads version 1); use a model written "
                          "for this EnergyPass");
  Doc["version"] = "1";
  EXPECT_NE(errorOf(Doc).find("'version' must be an integer"), std::string::npos);
}

TEST(AnalyticModel, OtherFormatsAndKindsAreRefused) {
  json Doc = simpleModel();
  Doc["format"] = "energypass-report";
  EXPECT_NE(errorOf(Doc).find("not an EnergyPass model"), std::string::npos);
  Doc = simpleModel();
  Doc["kind"] = "ridge";
  EXPECT_NE(errorOf(Doc).find("model kind \"ridge\" is not \"analytic\""), std::string::npos);
  EXPECT_NE(errorOf(json::array()).find("must be a JSON object"), std::string::npos);
  Doc = simpleModel();
  Doc["sources"] = "Horowitz";
  EXPECT_NE(errorOf(Doc).find("'sources' must be an array"), std::string::npos);
}

TEST(AnalyticModel, ErrorsAreOneLine) {
  json Doc = simpleModel();
  Doc.erase("name");
  EXPECT_EQ(errorOf(Doc).find('\n'), std::string::npos);
}

TEST(AnalyticModel, LoadRefusesMissingCorruptAndTruncatedFiles) {
  auto LoadError = [](const std::string &Path) -> std::string {
    try {
      AnalyticModel::load(Path);
    } catch (const ModelError &E) {
      return E.what();
    }
    return "";
  };
  std::string Missing = ::testing::TempDir() + "no-such-model.json";
  std::remove(Missing.c_str());
  EXPECT_NE(LoadError(Missing).find("cannot open (No such file or directory)"), std::string::npos);

  std::string Full = simpleModel().dump();
  std::string Truncated = writeTemp("truncated-model.json", Full.substr(0, Full.size() / 2));
  EXPECT_NE(LoadError(Truncated).find("not valid JSON"), std::string::npos);
  std::string Garbage = writeTemp("garbage-model.json", "\x7f"
                                                        "ELF\x02\x01");
  EXPECT_NE(LoadError(Garbage).find("not valid JSON"), std::string::npos);
}
