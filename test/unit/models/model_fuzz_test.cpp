//===- model_fuzz_test.cpp - Damaged model files give ModelError, nothing else
//===//
//
// A fixed-seed mutation fuzzer over the shipped model: every mutant must be
// accepted or refused with a one-line ModelError, never another exception or
// a crash. The runtime loads this file inside the program it measures, so a
// damaged model must never take that program down.
//
//===----------------------------------------------------------------------===//
#include "energy/model/analytic_model.h"

#include <gtest/gtest.h>

#include <array>
#include <fstream>
#include <random>
#include <sstream>

using energy::model::AnalyticModel;
using energy::model::ModelError;

TEST(AnalyticModelFuzz, MutantsAreAcceptedOrRefusedWithOneLine) {
  std::ifstream In(std::string(ENERGY_SOURCE_DIR) + "/models/default.json");
  std::stringstream Buffer;
  Buffer << In.rdbuf();
  const std::string Original = Buffer.str();
  ASSERT_FALSE(Original.empty());

  static const std::array<const char *, 8> Splices = {
      "-1", "1e999", "null", "\"x\"", "[]", "{}", "18446744073709551616", "-0"};
  std::mt19937 Rng(7);
  auto Pick = [&Rng](size_t N) { return std::uniform_int_distribution<size_t>(0, N - 1)(Rng); };
  int Refused = 0;
  for (int Round = 0; Round < 1500; ++Round) {
    std::string Text = Original;
    switch (Pick(3)) {
    case 0:
      Text[Pick(Text.size())] = static_cast<char>(Pick(256));
      break;
    case 1:
      Text.resize(Pick(Text.size()));
      break;
    default:
      Text.insert(Pick(Text.size()), Splices[Pick(Splices.size())]);
    }
    try {
      AnalyticModel::fromText(Text, "fuzzed.json");
    } catch (const ModelError &E) {
      ++Refused;
      ASSERT_EQ(std::string(E.what()).find('\n'), std::string::npos);
    } catch (const std::exception &E) {
      FAIL() << "round " << Round << ": unexpected " << E.what();
    }
  }
  EXPECT_GT(Refused, 500);
}
