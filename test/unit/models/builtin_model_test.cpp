//===- builtin_model_test.cpp - The compiled-in default model is the file's ===//
//
// loadModel() builds the shipped default model from numbers the build copied
// out of models/default.json, without parsing it, when a file's bytes are the
// shipped ones: those numbers must be the parser's to the bit, and any other
// file must still be parsed.
//
//===----------------------------------------------------------------------===//
#include "energy/model/builtin_model.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

using energy::model::AnalyticModel;
using energy::model::BuiltInModelText;

namespace {

const std::string ShippedModel = std::string(ENERGY_SOURCE_DIR) + "/models/default.json";

std::string fileText(const std::string &Path) {
  std::ifstream In(Path, std::ios::binary);
  std::stringstream Text;
  Text << In.rdbuf();
  return Text.str();
}

TEST(BuiltInModel, IsTheShippedFileByteForByte) {
  EXPECT_EQ(std::string(BuiltInModelText), fileText(ShippedModel));
}

TEST(BuiltInModel, HasTheParsersNumbersToTheBit) {
  AnalyticModel Parsed = AnalyticModel::fromText(fileText(ShippedModel), ShippedModel);
  AnalyticModel BuiltIn = energy::model::builtInModel();
  EXPECT_EQ(BuiltIn.name(), Parsed.name());
  EXPECT_EQ(BuiltIn.version(), Parsed.version());
  EXPECT_EQ(BuiltIn.coefficients(), Parsed.coefficients());
}

TEST(BuiltInModel, AnEditedCopyIsParsed) {
  std::string Text = fileText(ShippedModel);
  size_t At = Text.find("\"static_power_w\": 4.0");
  ASSERT_NE(At, std::string::npos);
  Text.replace(At, 21, "\"static_power_w\": 9.5");
  std::string Path = testing::TempDir() + "edited_default_model.json";
  std::ofstream(Path, std::ios::binary) << Text;
  std::unique_ptr<energy::model::EnergyModel> Loaded = energy::model::loadModel(Path);
  const auto *Edited = dynamic_cast<const AnalyticModel *>(Loaded.get());
  ASSERT_NE(Edited, nullptr);
  EXPECT_EQ(Edited->coefficients().back(), 9.5);
  std::unique_ptr<energy::model::EnergyModel> Shipped = energy::model::loadModel(ShippedModel);
  EXPECT_EQ(dynamic_cast<const AnalyticModel &>(*Shipped).coefficients().back(), 4.0);
  std::remove(Path.c_str());
}

} // namespace
