//===- learned_model_test.cpp - Learned models applied without xgboost ----===//
//
// Hand-written model documents with known answers: linear classes with the
// paper's split, derived ratios, and tree ensembles in xgboost's JSON layout
// (split direction, the float comparison at the threshold, missing values).
// The comparison against xgboost itself is in test/unit/train.
//
//===----------------------------------------------------------------------===//
#include "energy/model/learned_model.h"

#include <gtest/gtest.h>

#include <cmath>
#include <iterator>
#include <limits>
#include <random>

using energy::model::EventValues;
using energy::model::LearnedModel;
using energy::model::loadModel;
using energy::model::ModelError;
using energy::model::ModelInputs;
using nlohmann::json;

namespace {

json envelope(const std::string &Kind, const std::string &Learner) {
  return {{"format", "energypass-model"},
          {"version", 1},
          {"kind", Kind},
          {"name", "m"},
          {"learner", Learner}};
}

/// Two features (cycles, ipc = instructions / cycles) scaled by 0..1e9 and
/// 0..2; class 0 (cache-misses >= 100) and class 1 with their own lines.
json linearModel() {
  json M = envelope("linear", "ridge");
  M["inputs"] = {"cache-misses", "cycles", "instructions"};
  M["derived"] = {{{"name", "ipc"},
                   {"op", "ratio"},
                   {"numerator", "instructions"},
                   {"denominator", "cycles"},
                   {"factor", 1.0}}};
  M["features"] = {"cycles", "ipc"};
  M["scaling"] = {{"min", {0.0, 0.0}}, {"max", {1e9, 2.0}}};
  M["split"] = {{"feature", "cache-misses"}, {"threshold", 100.0}};
  M["classes"] = {{{"coefficients", {10.0, 20.0}}, {"intercept", 100.0}},
                  {{"coefficients", {4.0, 8.0}}, {"intercept", 50.0}}};
  return M;
}

/// One stump per tree in xgboost 1.7's JSON layout: feature F < Threshold
/// goes left (leaf Left), otherwise right (leaf Right); NaN goes left.
json stump(int F, double Threshold, double Left, double Right) {
  return {{"left_children", {1, -1, -1}}, {"right_children", {2, -1, -1}},
          {"split_indices", {F, 0, 0}},   {"split_conditions", {Threshold, Left, Right}},
          {"default_left", {1, 0, 0}},    {"split_type", {0, 0, 0}}};
}

json booster(const json &Trees, double BaseScore) {
  json Info = json::array();
  for (size_t I = 0; I < Trees.size(); ++I)
    Info.push_back(0);
  return {{"learner",
           {{"objective", {{"name", "reg:squarederror"}}},
            {"learner_model_param",
             {{"base_score", std::to_string(BaseScore)}, {"num_class", "0"}, {"num_feature", "2"}}},
            {"gradient_booster",
             {{"name", "gbtree"}, {"model", {{"tree_info", Info}, {"trees", Trees}}}}}}}};
}

json forestModel(const json &Trees) {
  json M = envelope("forest", "forest");
  M["inputs"] = {"cycles", "instructions"};
  M["features"] = {"cycles", "instructions"};
  M["scaling"] = {{"min", {0.0, 0.0}}, {"max", {1.0, 1.0}}};
  M["classes"] = {{{"xgboost", booster(Trees, 50.0)}}};
  return M;
}

std::string errorOf(const json &Doc) {
  try {
    LearnedModel::fromJson(Doc, "m.json");
  } catch (const ModelError &E) {
    return E.what();
  }
  return "";
}

} // namespace

TEST(LearnedModel, LinearClassesDerivedRatiosAndScaling) {
  LearnedModel M = LearnedModel::fromJson(linearModel(), "m.json");
  EXPECT_EQ(M.kind(), "linear");
  EXPECT_EQ(M.requiredEvents(),
            (std::vector<std::string>{"cache-misses", "cycles", "instructions"}));
  // Class 0: 100 + 10 x 0.5 + 20 x (1.0 / 2) = 115 W.
  EventValues Busy{{"cache-misses", 500}, {"cycles", 5e8}, {"instructions", 5e8}};
  EXPECT_EQ(M.classOf(Busy), 0);
  EXPECT_NEAR(M.predictWatts(Busy, 1.0), 115.0, 1e-9);
  // Class 1: 50 + 4 x 0.5 + 8 x 0.5 = 56 W.
  EventValues Quiet = Busy;
  Quiet["cache-misses"] = 10;
  EXPECT_EQ(M.classOf(Quiet), 1);
  EXPECT_NEAR(M.predictWatts(Quiet, 1.0), 56.0, 1e-9);
  // Average model: p x t; real-time model: sum of p_j x t / N.
  EXPECT_NEAR(M.estimate(ModelInputs{nullptr, &Busy, 2.0}).total(), 230.0, 1e-9);
  EXPECT_NEAR(M.realTimeJoules({Busy, Quiet}, 2.0), 115.0 + 56.0, 1e-9);
}

TEST(LearnedModel, RefusesInputsItLacksNamingThemOnOneLine) {
  LearnedModel M = LearnedModel::fromJson(linearModel(), "m.json");
  EventValues OnlyCycles{{"cycles", 1e9}};
  try {
    M.estimate(ModelInputs{nullptr, &OnlyCycles, 1.0});
    FAIL() << "missing events were accepted";
  } catch (const ModelError &E) {
    std::string Message = E.what();
    EXPECT_NE(Message.find("lacks: cache-misses, instructions;"), std::string::npos) << Message;
    EXPECT_EQ(Message.find('\n'), std::string::npos);
  }
  EXPECT_EQ(M.missingEvents(OnlyCycles),
            (std::vector<std::string>{"cache-misses", "instructions"}));
  EXPECT_THROW(M.estimate(ModelInputs{nullptr, nullptr, 1.0}), ModelError);
  EXPECT_THROW(M.realTimeJoules({}, 1.0), ModelError);
}

TEST(LearnedModel, ModelWithoutScalingSaysHowToGetIt) {
  json Doc = linearModel();
  Doc["scaling"] = nullptr;
  LearnedModel M = LearnedModel::fromJson(Doc, "m.json");
  EventValues X{{"cache-misses", 1}, {"cycles", 1}, {"instructions", 1}};
  try {
    M.predictWatts(X, 1.0);
    FAIL();
  } catch (const ModelError &E) {
    EXPECT_NE(std::string(E.what()).find("energy-train rescale"), std::string::npos);
  }
}

TEST(TreeEnsemble, FollowsSplitsSumsLeavesAndHonoursDefaults) {
  LearnedModel M = LearnedModel::fromJson(
      forestModel(json::array({stump(0, 0.5, 1.0, 2.0), stump(1, 0.25, 10.0, 20.0)})), "m.json");
  EXPECT_EQ(M.kind(), "forest");
  auto P = [&](double C, double I) {
    return M.predictWatts({{"cycles", C}, {"instructions", I}}, 1.0);
  };
  EXPECT_NEAR(P(0.1, 0.1), 50 + 1 + 10, 1e-6);
  EXPECT_NEAR(P(0.9, 0.1), 50 + 2 + 10, 1e-6);
  EXPECT_NEAR(P(0.9, 0.9), 50 + 2 + 20, 1e-6);
  // The threshold itself is not below it: right.
  EXPECT_NEAR(P(0.5, 0.25), 50 + 2 + 20, 1e-6);
  // A missing value (NaN) takes the node's default branch, left here.
  EXPECT_NEAR(P(std::numeric_limits<double>::quiet_NaN(), 0.9), 50 + 1 + 20, 1e-6);
}

TEST(TreeEnsemble, RefusesTreesItCannotEvaluateSafely) {
  json Loop = stump(0, 0.5, 1.0, 2.0);
  Loop["left_children"] = {0, -1, -1}; // a node that is its own child
  EXPECT_NE(errorOf(forestModel(json::array({Loop}))).find("children outside the tree"),
            std::string::npos);
  json Far = stump(7, 0.5, 1.0, 2.0);
  EXPECT_NE(errorOf(forestModel(json::array({Far}))).find("does not have"), std::string::npos);
  json Short = stump(0, 0.5, 1.0, 2.0);
  Short["default_left"] = {1};
  EXPECT_NE(errorOf(forestModel(json::array({Short}))).find("of one length"), std::string::npos);
  json Categorical = stump(0, 0.5, 1.0, 2.0);
  Categorical["split_type"] = {1, 0, 0};
  EXPECT_NE(errorOf(forestModel(json::array({Categorical}))).find("categorical"),
            std::string::npos);
  json Doc = forestModel(json::array({stump(0, 0.5, 1.0, 2.0)}));
  Doc["classes"][0]["xgboost"]["learner"]["objective"]["name"] = "binary:logistic";
  EXPECT_NE(errorOf(Doc).find("reg:squarederror"), std::string::npos);
}

TEST(LearnedModel, MalformedDocumentsNameTheKey) {
  json Doc = linearModel();
  Doc["classes"][1]["coefficients"] = {1.0};
  EXPECT_NE(errorOf(Doc).find("'classes[1].coefficients' holds 1 coefficients"), std::string::npos);
  Doc = linearModel();
  Doc["classes"].erase(1);
  EXPECT_NE(errorOf(Doc).find("split needs 2"), std::string::npos);
  Doc = linearModel();
  Doc["learner"] = "forest";
  EXPECT_NE(errorOf(Doc).find("not a linear learner"), std::string::npos);
  Doc = linearModel();
  Doc["version"] = 2;
  EXPECT_NE(errorOf(Doc).find("reads version 1"), std::string::npos);
  Doc = linearModel();
  Doc["scaling"]["max"] = {1.0};
  EXPECT_NE(errorOf(Doc).find("ranges for 2 features"), std::string::npos);
}

TEST(LearnedModel, ShippedModelsLoadByKind) {
  const std::string Dir = std::string(ENERGY_SOURCE_DIR) + "/models/";
  auto Nx12 = loadModel(Dir + "nx12.json");
  EXPECT_EQ(Nx12->kind(), "boosted");
  EXPECT_EQ(Nx12->requiredEvents(),
            (std::vector<std::string>{"cache-misses", "cycles", "instructions"}));
  auto Paper = loadModel(Dir + "paper-2012.json");
  EXPECT_EQ(Paper->kind(), "linear");
  EXPECT_EQ(Paper->requiredEvents().size(), 22u);
}

// A learned model file may be damaged anywhere in its nesting, and the
// runtime loads it inside the program it measures: a fixed-seed fuzzer
// replaces or removes one value at a random place of a linear and a tree
// model; each mutant must be refused with one line or, when accepted,
// predict without anything but a one-line ModelError.
TEST(LearnedModelFuzz, StructuralMutantsAreRefusedWithOneLineOrApply) {
  const std::vector<json> Originals = {
      linearModel(),
      forestModel(json::array({stump(0, 0.5, 1.0, 2.0), stump(1, 0.25, 10.0, 20.0)}))};
  const std::vector<json> Splices = {-1, 1e300, nullptr, "x", json::array(), json::object(),
                                     7,  0.5};
  std::mt19937 Rng(11);
  auto Pick = [&Rng](size_t N) { return std::uniform_int_distribution<size_t>(0, N - 1)(Rng); };
  EventValues Sample{{"cache-misses", 500}, {"cycles", 0.3}, {"instructions", 0.7}};
  int Refused = 0, Applied = 0;
  for (int Round = 0; Round < 3000; ++Round) {
    json Doc = Originals[Pick(Originals.size())];
    json Flat = Doc.flatten();
    std::string Pointer = std::next(Flat.begin(), static_cast<long>(Pick(Flat.size()))).key();
    json::json_pointer Where(Pointer);
    json &Parent = Doc.at(Where.parent_pointer());
    if (Pick(4) != 0)
      Doc.at(Where) = Splices[Pick(Splices.size())];
    else if (Parent.is_object())
      Parent.erase(Where.back());
    else
      Parent.erase(std::stoul(Where.back()));
    try {
      LearnedModel M = LearnedModel::fromJson(Doc, "fuzzed.json");
      M.predictWatts(Sample, 1.0);
      ++Applied;
    } catch (const ModelError &E) {
      ++Refused;
      ASSERT_EQ(std::string(E.what()).find('\n'), std::string::npos);
    } catch (const std::exception &E) {
      FAIL() << "round " << Round << " at " << Pointer << ": unexpected " << E.what();
    }
  }
  EXPECT_GT(Refused, 1000);
  EXPECT_GT(Applied, 100);
}
